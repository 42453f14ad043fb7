import { randomBytes } from "node:crypto";
import { ApiError, ConflictError, mayHaveBeenApplied, PipestackError } from "../errors";
import { takenBefore, takenMeanwhile, type NameHolder } from "./name-holder";
import type { RetryBudget } from "../client/retry-budget";
import { UnprovenCreateError } from "../errors/operation-errors";

/**
 * Creating an object without ever making two, and without ever recording one that is not ours.
 * Each create carries a marker: a value unique to this one create ({@link createMarker}), in a
 * field the object reads back (a pipe's temporary name, a dashboard's or saved search's tags,
 * an alert's note or name) and that the engine puts right with one more request as soon as the
 * POST answers. When a POST fails ambiguously (5xx, lost connection, gateway timeout) the list is
 * read, and the one object carrying this create's marker is the proof that it went through: that
 * object is taken, and nothing else ever is. No marker found means it was not applied: the POST
 * is sent again, from the same budget. An object that existed before this create began cannot
 * carry its marker, and neither can one another stack made, however identical and however close
 * in time.
 *
 * A kind with no field to carry a marker (reverse private endpoints) takes the list as the run
 * read it before the POST instead (see `shared-list.ts`; on the normal path no read of its own): after an ambiguous failure, a matching object that was not there before is
 * reported (it may be this create's, or a twin another program made at the same moment) and
 * never taken; matching objects that were there before are ignored, and the POST is sent again.
 * Every request of the operation (the lists, the POSTs, the client's own retries) spends one
 * {@link RetryBudget}. A kind whose server keeps names unique gives {@link CreateNames}: a name
 * the list holds, or the server refuses, is refused naming its holder in the engine's words
 * (`name-holder.ts`), never offering one that may be another create in flight.
 */

/** The prefix of every marker: `pipestack-create-` and 12 hex digits, 29 characters (a tag holds 32). */
export const MARKER_PREFIX = "pipestack-create-";

/** A marker unique to one create: 48 random bits. */
export function createMarker(): string {
  return `${MARKER_PREFIX}${randomBytes(6).toString("hex")}`;
}

/** True for any create's marker (an object left marked by an interrupted create). */
export function isMarker(value: unknown): boolean {
  return typeof value === "string" && new RegExp(`^${MARKER_PREFIX}[0-9a-f]{12}$`).test(value);
}

/** The budget every request of one create shares. */
export interface CreateContext {
  budget: RetryBudget;
}

/** How to create, list and recognise one kind of object. */
export interface CreateOnceOps<T> {
  /** `pipe`, `dashboard`, `alert`: for messages. */
  what: string;
  post(ctx: CreateContext): Promise<T>;
  list(ctx: CreateContext): Promise<T[]>;
  id(object: T): string;
  /** True when the object carries this create's marker. Absent for kinds that cannot carry one. */
  carriesMarker?(object: T): boolean;
  /**
   * For kinds without a marker: true when a listed object has every field the POST sent. The
   * list is then read before the POST too.
   */
  sameAsSent?(object: T): boolean;
  /**
   * The list as this run last read it (shared by every gate and create of the process, see
   * `shared-list.ts`): read before the POST instead of {@link list} when given. A refusal found
   * in it is checked on a fresh {@link list} first.
   */
  known?(ctx: CreateContext): Promise<T[]>;
  /** Checks the list read before the POST (when it is read): the error to create nothing with, if any. */
  before?(listed: T[]): Error | undefined;
  /**
   * For a kind whose server keeps names unique: the list read before the POST must not hold the
   * name, and a refusal of the name names its holder, both in the engine's words (see
   * `name-holder.ts`: a holder that may be another create in flight is never offered).
   */
  names?: CreateNames<T>;
  /** How to adopt an existing object on purpose: a sentence. */
  howToAdopt(id: string): string;
}

/** What a create of a unique name tells {@link createOnce}. */
export interface CreateNames<T> {
  /** The request, for "not sent" (`POST /v1/.../pipes`). */
  post: string;
  /** The listed object holding this create's name (or a temporary name of it), described. */
  holder(listed: T[]): NameHolder | undefined;
  /** True for the server's refusal of a taken name. @default a 409 */
  refused?(err: unknown): boolean;
}

/** The refusal before the POST when the list holds the name: not a made-up 409, no POST was sent. */
function nameTaken<T>(names: CreateNames<T>, listed: T[]): Error | undefined {
  const holder = names.holder(listed);
  return holder && new PipestackError("PIPESTACK_CONFLICT", `${names.post} not sent: ${takenBefore(holder)}`);
}

/** The server's refusal of the name, naming its holder: held before this create began, or made while it ran. */
function nameRefused<T>(names: CreateNames<T>, err: unknown, listed: T[], existed: ReadonlySet<string> | undefined): unknown {
  const holder = names.holder(listed);
  if (!holder || !(err instanceof ApiError)) return err;
  const detail = `${err.detail}; ${existed?.has(holder.id) ? takenBefore(holder) : takenMeanwhile(holder)}`;
  return new (err.constructor as new (d: ApiError) => ApiError)({ ...err, detail });
}

/** Where a create's retries come from: the client's policy on the client's clock (`ApiClient`), so its waits run on the time every other request of the client reads. */
export interface RetrySource {
  newBudget(): RetryBudget;
}

/** Creates one object as described above; `retries`' budget bounds every request of the operation. */
export async function createOnce<T>(ops: CreateOnceOps<T>, retries: RetrySource): Promise<T> {
  const ctx: CreateContext = { budget: retries.newBudget() };
  let existed: Set<string> | undefined;
  const before = (listed: T[]) => ops.before?.(listed) ?? (ops.names && nameTaken(ops.names, listed));
  if (ops.before || ops.sameAsSent || ops.names) {
    let listed = await (ops.known ?? ops.list)(ctx);
    // The run's list may be old: what it says is in the way is read again before refusing.
    if (ops.known && before(listed)) listed = await ops.list(ctx);
    const refusal = before(listed);
    if (refusal) throw refusal;
    existed = new Set(listed.map(ops.id));
  }
  for (;;) {
    let failure: unknown;
    try {
      return await ops.post(ctx);
    } catch (err) {
      failure = err;
    }
    const conflict = ops.names?.refused ? ops.names.refused(failure) : failure instanceof ConflictError;
    if (!mayHaveBeenApplied(failure) && !conflict) throw failure;
    const listed = await ops.list(ctx);
    const message = (failure as Error).message;
    const ours = ops.carriesMarker ? listed.filter(ops.carriesMarker) : [];
    if (ours.length === 1) return ours[0];
    if (ours.length > 1) {
      // Only this create's own POSTs carry its marker: every one named here is this create's.
      throw new UnprovenCreateError(
        `${message}; ${ours.length} ${ops.what}s carrying this create's marker were made (${ours.map(ops.id).join(", ")}), all by this create: keep one (${ops.howToAdopt(ops.id(ours[0]))}) and delete the others`,
      );
    }
    if (conflict) throw ops.names ? nameRefused(ops.names, failure, listed, existed) : failure;
    const made = ops.sameAsSent ? listed.filter((o) => !existed?.has(ops.id(o)) && ops.sameAsSent!(o)) : [];
    if (made.length) throw new UnprovenCreateError(unproven(message, ops.what, made.map(ops.id)));
    // Not applied: ask again, from the same budget, after the wait its answer asked for (or backoff).
    await ctx.budget.again(failure as Error);
  }
}

/** The failure when objects matching the request appeared while it ran, but nothing tells whose they are. */
function unproven(message: string, what: string, ids: string[]): string {
  const them = ids.length === 1 ? `${what} ${ids[0]} matches it and was` : `${what}s ${ids.join(", ")} match it and were`;
  return (
    `${message}; the create may have gone through: ${them} made while it ran, but the API gives a ${what} no field that tells ` +
    `which create made it (another stack creating the same ${what} at the same moment makes an identical one), so it is not ` +
    `recorded as this resource's. Nothing was adopted; find out which program made it before adopting it (\`adoptId\`) or deleting it`
  );
}
