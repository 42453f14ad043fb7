import { fstatSync } from "node:fs";

/**
 * The provider process ends when the engine goes away. The CLI starts providers in a process
 * group of their own, so a `kill -9` of the CLI's group leaves them running: without this, an
 * operation that was waiting (a poll, a retry, a queued create) would go on writing to the API
 * for objects no state will ever record. Two signs the engine is gone, whichever comes first:
 * - the stdin pipe the engine holds open for every plugin reaches its end (the engine died or
 *   closed it), seen at once;
 * - the process's parent changes (it was re-parented), checked every {@link CHECK_MS}.
 * The process then exits at once, so the request in flight, if any, is the last one sent.
 */

/** How often the parent is checked. */
export const CHECK_MS = 250;

export interface WatchOptions {
  /** The current parent process id. @default () => process.ppid */
  ppid?: () => number;
  /** A stream that ends when the engine goes away (the engine's stdin pipe). */
  stdin?: NodeJS.ReadableStream & { unref?: () => void };
  /** What to do then. @default process.exit(1) */
  exit?: () => void;
  /** @default CHECK_MS */
  intervalMs?: number;
}

/** Starts watching; returns a function that stops it. The timer never keeps the process alive by itself. */
export function watchEngine(opts: WatchOptions = {}): () => void {
  const ppid = opts.ppid ?? (() => process.ppid);
  const exit = opts.exit ?? (() => process.exit(1));
  const initial = ppid();
  let fired = false;
  const fire = () => {
    if (fired) return;
    fired = true;
    stop();
    exit();
  };
  const timer = setInterval(() => {
    if (ppid() !== initial) fire();
  }, opts.intervalMs ?? CHECK_MS);
  timer.unref();
  const stdin = opts.stdin;
  if (stdin) {
    stdin.on("end", fire);
    stdin.on("close", fire);
    stdin.on("error", fire);
    stdin.resume();
    stdin.unref?.();
  }
  function stop(): void {
    clearInterval(timer);
    stdin?.off("end", fire);
    stdin?.off("close", fire);
    stdin?.off("error", fire);
  }
  return stop;
}

/** True in the SDK's dynamic-provider host, the process the engine starts (never in a program or a test). */
export function inProviderHost(argv: readonly string[] = process.argv): boolean {
  return /[\\/]@pulumi[\\/]pulumi[\\/]cmd[\\/]dynamic-provider([\\/]index\.js)?$/.test(argv[1] ?? "");
}

/** The engine's stdin pipe, when stdin is one (a pipe or socket; never a terminal or /dev/null). */
function enginePipe(): NodeJS.ReadStream | undefined {
  try {
    const st = fstatSync(0);
    return st.isFIFO() || st.isSocket() ? process.stdin : undefined;
  } catch {
    return undefined;
  }
}

let started = false;

/**
 * Starts the watchdog once per process, in a process the engine started: the dynamic-provider
 * host (found by its script, so never a program or a test), or the native plugin, whose entry
 * point says so.
 */
export function startWatchdog(engineStarted: boolean = inProviderHost()): void {
  if (started || !engineStarted) return;
  started = true;
  watchEngine({ stdin: enginePipe() });
}
