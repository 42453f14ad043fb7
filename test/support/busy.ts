/**
 * Synchronous work for test/unit/in-worker.test.ts: a busy loop of `ms` milliseconds (what a
 * compiler's program build is to an event loop), and a failure, each run through `inWorker`.
 */
export function busyFor(ms: number): number {
  const end = Date.now() + ms;
  let turns = 0;
  while (Date.now() < end) turns++;
  return turns;
}

export function fails(message: string): never {
  throw new Error(message);
}

export function echo<T>(value: T): T {
  return value;
}
