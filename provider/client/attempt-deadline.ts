/**
 * One deadline per attempt: connecting, the headers and the whole body, together. undici's own
 * timers are idle timers (a byte every few seconds keeps a body alive for ever), so the attempt
 * is cut by one timer instead; and no attempt runs past the end of its operation's budget.
 * Pure, but for {@link startDeadline}.
 */

/** The code of the transport failure an attempt's deadline ends it with. */
export const DEADLINE_CODE = "PIPESTACK_ATTEMPT_DEADLINE";

/** The time one attempt may take: the setting, cut to what is left of its operation's budget. */
export function attemptMs(timeoutMs: number, leftMs: number): number {
  return Math.max(0, Math.min(timeoutMs, leftMs));
}

/** What a transport failure by deadline says: how long it waited and what bounds it. */
export function deadlineMessage(ms: number, timeoutMs: number, budgetMs: number): string {
  const cut = ms < timeoutMs ? ` (cut to what was left of the ${budgetMs / 1000} s every attempt of one operation shares, retries included)` : "";
  return `no complete answer (headers and body) within ${ms} ms${cut}; pipestack:requestTimeoutMs (${timeoutMs} ms) bounds each attempt`;
}

/** An abort signal that fires `ms` from now; `clear` stops its timer once the attempt is over. */
export function startDeadline(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
