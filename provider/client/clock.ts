/**
 * The time every wait of an operation reads and sleeps on: one per retry budget, so a test can
 * give the client and a create's own loop the same fake time.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real time. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};
