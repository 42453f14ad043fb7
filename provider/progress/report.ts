import { AsyncLocalStorage } from "node:async_hooks";
import { printable } from "../errors/printable";

/**
 * Progress of a long wait (a pipe settling, an endpoint getting ready, a service waking), told to
 * whoever listens: the engine's log when the process is a provider host (see `engine-log.ts`),
 * nobody otherwise. A CI log stays silent for minutes without it.
 */

/** How often a wait reports, when `PIPESTACK_PROGRESS_INTERVAL_MS` does not say otherwise. */
export const PROGRESS_EVERY_MS = 15_000;

/** The environment variable that overrides {@link PROGRESS_EVERY_MS} (tests, chatty CI). */
export const PROGRESS_ENV = "PIPESTACK_PROGRESS_INTERVAL_MS";

/** The interval between two reports of one wait: the variable's whole milliseconds (100 to 600000), else the default. Pure. */
export function progressEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env[PROGRESS_ENV]);
  return Number.isInteger(n) && n >= 100 && n <= 600_000 ? n : PROGRESS_EVERY_MS;
}

/** How loud a report is: progress is `info`; a loss the preview must announce is a `warning`. */
export type Severity = "info" | "warning";

/** Where a report goes: its text, the URN of the resource it is about ("" when unknown), its severity. */
export type ProgressSink = (message: string, urn: string, severity: Severity) => void;

let sink: ProgressSink | undefined;
const resources = new AsyncLocalStorage<string>();

/** Sets where reports go (once, by the host; a test may set its own). Returns the one before. */
export function setProgressSink(next: ProgressSink | undefined): ProgressSink | undefined {
  const before = sink;
  sink = next;
  return before;
}

/** Runs `work` with its reports attached to the resource `urn` (a host that knows it: the native plugin). */
export function forResource<R>(urn: string, work: () => R): R {
  return resources.run(urn, work);
}

/**
 * Makes `urn` the resource of the rest of the current work and what it starts (a host that
 * learns the URN only inside a request it does not hand over: see `dynamic-host-urns.ts`).
 */
export function enterResource(urn: string): void {
  resources.enterWith(urn);
}

/** Reports one line; never throws (a lost progress line must not fail the wait). */
export function reportProgress(message: string, severity: Severity = "info"): void {
  try {
    // A line of the engine's log: a name or a server's words in it must not drive the terminal.
    sink?.(printable(message), resources.getStore() ?? "", severity);
  } catch {
    // best effort
  }
}

/** Reports a warning about the resource at hand (a preview's announcement of a loss). */
export function reportWarning(message: string): void {
  reportProgress(message, "warning");
}

/** `75 s`, `2 min 5 s`. Pure. */
export function waited(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
}
