import { PollTimeoutError } from "../errors/operation-errors";
import { progressEveryMs } from "../progress/report";
import { CLIENT_DEFAULTS } from "../client-defaults";

/** Told the last value read and the time waited, every `progressEveryMs()` while a poll goes on. */
export type ProgressHook<T> = (last: T, waitedMs: number) => void;

/** How long to poll, and how often: the first wait, doubled after each read up to a ceiling. */
export interface PollOptions {
  timeoutMs: number;
  /** First wait; later waits double up to `maxIntervalMs`. */
  intervalMs: number;
  /** @default 5000 */
  maxIntervalMs?: number;
}

/**
 * The one poll-with-backoff loop: every poll of the API runs in it (an object settling or
 * going after a delete, a pipe pausing, a mapping edit sent again until the API takes it, a
 * service waking); a retry of a failed request spends the retry budget instead. Reads until `done` says so and returns that value; throws a
 * {@link PollTimeoutError} carrying the last value when the next wait would pass the deadline.
 * `progress`, when given, hears how it goes every `progressEveryMs()` (never on the first read).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  opts: PollOptions,
  describe: (last: T) => string = () => "not done",
  progress?: ProgressHook<T>,
): Promise<T> {
  const started = Date.now();
  const deadline = started + opts.timeoutMs;
  const every = progressEveryMs();
  let reported = started;
  let wait = opts.intervalMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    const now = Date.now();
    if (progress && now - reported >= every) {
      reported = now;
      progress(value, now - started);
    }
    if (now + wait > deadline) throw new PollTimeoutError(value, describe(value));
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(opts.maxIntervalMs ?? CLIENT_DEFAULTS.pollMaxIntervalMs, wait * 2);
  }
}
