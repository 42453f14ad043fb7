/**
 * Time-driven state changes, computed lazily: a record keeps the states still to come with
 * the time each is due, and every read moves it forward. No timers exist, so closing the
 * server never leaves work behind and `stepMs: 0` settles a change within its own request.
 */

/** A state that becomes current at `at` (ms since the epoch). */
export interface Step<S extends string> {
  state: S;
  at: number;
  /** Why the state was entered (kept for failures). */
  reason?: string;
}

/** Anything with a current state and the steps still to come. */
export interface Timed<S extends string> {
  state: S;
  pending: Step<S>[];
}

/** Steps for `states`, the first due at `start`, each next one `stepMs` later. */
export function schedule<S extends string>(start: number, stepMs: number, states: readonly S[]): Step<S>[] {
  return states.map((state, i) => ({ state, at: start + i * stepMs }));
}

/** Applies every step due by `now`; returns the steps applied (their reasons included). */
export function advance<S extends string>(record: Timed<S>, now: number): Step<S>[] {
  const applied: Step<S>[] = [];
  while (record.pending.length > 0 && record.pending[0].at <= now) {
    const step = record.pending.shift() as Step<S>;
    record.state = step.state;
    applied.push(step);
  }
  return applied;
}
