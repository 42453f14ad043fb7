import { ConflictError, mayHaveBeenApplied } from "../client/errors";
import type { RetryPolicy } from "../client/retry";
import { RetryBudget } from "../client/retry-budget";
import { ServerClock } from "../client/server-clock";

/**
 * Creating an object without ever making two, and without ever taking over one that is not
 * ours. A POST that fails ambiguously (5xx, lost connection, gateway timeout) may or may not
 * have been applied; the list is then read, and an object is taken as the one this request made
 * only when both hold:
 *  - it has every field the request sent (compared in the same normalised form as a diff), and
 *  - the server made it after the POST began (its timestamp against the server's clock, read
 *    from the `Date` header of the answers, with {@link CLOCK_TOLERANCE_MS} of slack).
 * Objects that existed before the POST began, or that differ from it, are never taken; when the
 * time of a matching object cannot be told, the create fails naming it and how to adopt it on
 * purpose. The normal path (a POST that succeeds) sends nothing more. Every request of the
 * operation (the POSTs, the lists, the client's own retries) spends one {@link RetryBudget}.
 */

/** Slack for clock resolution (the `Date` header counts whole seconds) and network time. */
export const CLOCK_TOLERANCE_MS = 1500;

/** When the server made an object: an instant on its clock and that value's resolution. */
export interface Stamp {
  ms: number;
  resolutionMs: number;
}

/** The budget and clock every request of one create shares. */
export interface CreateContext {
  budget: RetryBudget;
  clock: ServerClock;
}

/** How to create, list and recognise one kind of object. */
export interface CreateOnceOps<T> {
  /** `pipe`, `dashboard`, `alert`: for messages. */
  what: string;
  post(ctx: CreateContext): Promise<T>;
  list(ctx: CreateContext): Promise<T[]>;
  id(object: T): string;
  /** When the server made it; undefined when the object does not say. */
  createdAt(object: T): Stamp | undefined;
  /** True when the object has every (non-secret) field this request sent. */
  sameAsSent(object: T): boolean;
  /** How to adopt an existing object on purpose: a sentence. */
  howToAdopt(id: string): string;
  /**
   * The error for a conflict (409) this request did not cause: it should name the object in the
   * way and how to adopt it. @default the API's error as it is
   */
  conflict?(err: ConflictError, listed: T[]): Error;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An instant from an ISO timestamp (ms resolution), if it is one. */
export function isoStamp(value: unknown): Stamp | undefined {
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : { ms, resolutionMs: 1 };
}

/** A document id of the stack server (an ObjectId) starts with its creation time in Unix seconds. */
export function objectIdStamp(id: unknown): Stamp | undefined {
  if (typeof id !== "string" || !/^[0-9a-f]{24}$/i.test(id)) return undefined;
  return { ms: parseInt(id.slice(0, 8), 16) * 1000, resolutionMs: 1000 };
}

/** True when a stamp may lie at or after `sinceMs` (both on the server's clock). */
export function madeSince(stamp: Stamp, sinceMs: number): boolean {
  return stamp.ms + stamp.resolutionMs > sinceMs - CLOCK_TOLERANCE_MS;
}

/** Creates one object as described above; `policy` bounds every request of the operation. */
export async function createOnce<T>(ops: CreateOnceOps<T>, policy: RetryPolicy): Promise<T> {
  const began = Date.now();
  const ctx: CreateContext = { budget: new RetryBudget(policy), clock: new ServerClock() };
  let ambiguousBefore = false;
  for (;;) {
    let failure: unknown;
    try {
      return await ops.post(ctx);
    } catch (err) {
      failure = err;
    }
    const conflict = failure instanceof ConflictError;
    if (!mayHaveBeenApplied(failure) && !conflict) throw failure;
    const listed = await ops.list(ctx);
    const message = (failure as Error).message;
    const since = ctx.clock.toServer(began);
    // A conflict on a first POST means the object was there before it: never ours.
    if (!conflict || ambiguousBefore) {
      const ours = listed.filter((o) => ops.sameAsSent(o) && isMadeSince(ops.createdAt(o), since));
      if (ours.length === 1) return ours[0];
      if (ours.length > 1) {
        throw new Error(
          `${message}; ${ours.length} ${ops.what}s matching this request were made while it ran (${ours.map(ops.id).join(", ")}): keep one (${ops.howToAdopt(ops.id(ours[0]))}) and delete the others`,
        );
      }
      const undated = listed.filter((o) => ops.sameAsSent(o) && ops.createdAt(o) === undefined);
      if (undated.length) {
        const ids = undated.map(ops.id).join(", ");
        throw new Error(
          `${message}; the create may have gone through, and ${ops.what} ${ids} matches it, but the server does not say when it was made, so it is not taken over. If it is this resource's, ${ops.howToAdopt(ops.id(undated[0]))}`,
        );
      }
    }
    if (conflict) throw ops.conflict ? ops.conflict(failure as ConflictError, listed) : failure;
    // Not applied: ask again, from the same budget.
    ambiguousBefore = true;
    const delay = ctx.budget.next();
    if (delay === undefined) throw failure;
    await sleep(delay);
  }
}

function isMadeSince(stamp: Stamp | undefined, since: number): boolean {
  return stamp !== undefined && madeSince(stamp, since);
}
