/**
 * The one "read or gone" rule, for every engine and both APIs (the cloud API, its `/stack` proxy
 * and the open-source stack server). An object is gone only when its collection, listed in the
 * API's own envelope and shape, lacks its id. A 404 of the object alone proves nothing: a wrong
 * `apiUrl` or `stackUrl`, a server answering 404 to everything, or (on the stack server) a
 * missing route say the same. One exception, after this process's own DELETE of the object
 * answered: the API's own JSON 404 of it (with its requestId) on a route this process has seen
 * list the collection ({@link deleteUntilGone}). A success that is not the API's answer (an HTML page, `{}`) is no
 * proof either: the client refuses it. So a wrong URL fails a `refresh` or `destroy` and keeps
 * the state, instead of dropping every resource while the objects live on.
 *
 * Read ({@link orGone}, {@link readOrGone}), the waits of create and delete ({@link pollOrGone}),
 * delete itself ({@link deleteUntilGone}: its answer is not proof, only the collection after it
 * is) and update's "no longer exists" ({@link updateUnlessGone}) all use it; the engines only
 * say where an object lives ({@link Whereabouts}). Not under this rule: a source's delete taking
 * its links back off the sources it links to passes over a linked source whose own GET answers
 * 404 (`resources/stack-source/links.ts`, `unlinkBack`); the source itself is deleted by the rule.
 */
import type { ApiClient } from "../client/client";
import { settingToCheck } from "../client/surface";
import { pollUntil, type PollOptions, type ProgressHook } from "../client/poll";
import { addedTo, ApiError, InternalError, MalformedAnswerError, NotFoundError, PollTimeoutError, UnexpectedAnswerError } from "../errors";
import { deleting, lastListedWithIds, listedAfterDeletes, noteChange, ownReadMayProve, ownReadProvesNothing, readAll, type Collection } from "./shared-list";

/** One object and where the API keeps it. */
interface Place {
  /** What it is, for messages: `pipe`, `dashboard`. */
  noun: string;
  id: string;
  client: ApiClient;
  /** Path of its collection below the client's base URL: the list of its kind. */
  collection: string;
  /** True when the collection pages (`limit`/`offset`): every page is read. @default true */
  paged?: boolean;
}

/**
 * One object, where the API keeps it, and how it is read: by its own GET (`get`), or, where the
 * API has no read of one object (stack webhooks), from its collection (`listed`): then it is gone
 * when the collection, read to its end, lacks it. One of the two is given (`listed` wins).
 */
export interface Whereabouts<T> extends Place {
  /** Reads the object, parsed with its schema. */
  get?: () => Promise<T>;
  /** Parses the object's entry in its collection, for an API with no read of one object. */
  listed?: (item: unknown) => T;
}

/** What the errors of a refresh or destroy stopped by this rule end with. */
export const STATE_KEPT = "Nothing in the state was changed.";

/** A 404 of the object: a question for the collection, never an answer. */
function notThere(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status === 404;
}

function hasId(item: unknown): item is { id: string } {
  return item !== null && typeof item === "object" && typeof (item as { id?: unknown }).id === "string";
}

/** `err` with {@link STATE_KEPT} added when it says something else answers at the URL. */
function kept(err: unknown): unknown {
  if (!(err instanceof UnexpectedAnswerError) || err.detail.endsWith(STATE_KEPT)) return err;
  return new UnexpectedAnswerError({ ...err, detail: `${err.detail}. ${STATE_KEPT}` });
}

/** The collection of `w`, as `shared-list.ts` reads it. */
function collectionOf(w: Whereabouts<unknown>): Collection {
  return { client: w.client, path: w.collection, paged: w.paged ?? true };
}

/** `items` as a list of objects with ids; throws saying the URL is probably wrong when it is not. */
function withIds(w: Whereabouts<unknown>, items: unknown[]): { id: string }[] {
  if (!items.every(hasId)) {
    throw new MalformedAnswerError(`GET ${w.collection} answered in the envelope but not with a list of objects with ids: ${w.client.surface.wrongUrl}`);
  }
  return items;
}

/** The ids the collection lists, every page; throws when its answer is not a list of objects with ids. */
async function listedIds(w: Whereabouts<unknown>): Promise<Set<string>> {
  return new Set(withIds(w, await readAll(collectionOf(w))).map((item) => item.id));
}

/**
 * True when the object `err` (a 404 of it) is about is gone: its collection lists, in the API's
 * shape, without it. Anything else throws, saying why and that nothing in state was changed.
 */
async function provenGone(w: Whereabouts<unknown>, err: ApiError): Promise<true> {
  let ids: Set<string>;
  try {
    ids = await listedIds(w);
  } catch (listErr) {
    const said = (listErr instanceof Error ? listErr.message : String(listErr)).replace(/\.$/, "");
    // The API's own 404 of the collection: its organization or service is missing, not the object.
    const scope = listErr instanceof NotFoundError ? settingToCheck(w.client.surface, 404, true, listErr.path) : undefined;
    if (scope) throw addedTo(listErr, `${err.message}; its collection is a 404 too, so the object is not what is missing: ${scope}. ${STATE_KEPT}`);
    if (notThere(listErr)) {
      throw addedTo(
        listErr,
        // The client names the URL setting in a route's 404 already: named once, at the end.
        `${err.message.replace(`; ${w.client.surface.wrongUrl}`, "")}; the collection ${listErr.path} is a 404 too, so the route is missing, not the object: ${w.client.surface.wrongUrl}. ${STATE_KEPT}`,
      );
    }
    throw addedTo(listErr, `${err.message}; whether ${w.noun} ${w.id} is gone could not be told from its collection: ${said}. ${STATE_KEPT}`);
  }
  if (ids.has(w.id)) throw addedTo(err, `${err.message}; yet its collection lists ${w.noun} ${w.id}, so it is not gone. ${STATE_KEPT}`);
  return true;
}

/** The object, or `undefined` when it is gone (see the rule above). */
export async function orGone<T>(w: Whereabouts<T>): Promise<T | undefined> {
  if (w.listed) return fromList(w, w.listed);
  if (!w.get) throw new InternalError(`${w.noun} ${w.id}: no way to read it`);
  try {
    return await w.get();
  } catch (err) {
    if (notThere(err) && (await provenGone(w, err))) return undefined;
    throw err;
  }
}

/** The object read from its collection, every page, or `undefined` when that lacks it (the proof of gone). */
async function fromList<T>(w: Whereabouts<unknown>, parse: (item: unknown) => T): Promise<T | undefined> {
  let items: { id: string }[];
  try {
    items = withIds(w, await readAll(collectionOf(w)));
  } catch (err) {
    const said = (err instanceof Error ? err.message : String(err)).replace(/\.$/, "");
    throw addedTo(err, `${said}; whether ${w.noun} ${w.id} is there could not be told from its collection. ${STATE_KEPT}`);
  }
  const found = items.find((item) => item.id === w.id);
  return found === undefined ? undefined : parse(found);
}

/** {@link orGone} for an engine's `read`: an answer that is not the API's also says the state is kept. */
export async function readOrGone<T>(w: Whereabouts<T>): Promise<T | undefined> {
  try {
    return await orGone(w);
  } catch (err) {
    throw kept(err);
  }
}

/** The engine's `read` answer: the outputs of the live object, or an empty id when it is gone. */
export function readResult<O>(id: string, outputs: O | undefined): { id: string; props: O } {
  // With an empty id the engine drops the object from state and never looks at its props.
  return outputs === undefined ? { id: "", props: {} as O } : { id, props: outputs };
}

/**
 * Polls an object until `done` says so, or it is gone (`"gone"`): the read-or-gone poll of a
 * create that waits, or of a delete (`done` never true). Throws a `PollTimeoutError` carrying the
 * last value read, its message `still <status>`, when time runs out.
 */
export function pollOrGone<T extends object>(
  w: Whereabouts<T>,
  done: (value: T) => boolean,
  opts: PollOptions,
  status: (value: T) => string | null | undefined = () => undefined,
  progress?: ProgressHook<T>,
): Promise<T | "gone"> {
  return pollUntil<T | "gone">(
    async () => (await orGone(w)) ?? "gone",
    (v) => v === "gone" || done(v),
    opts,
    (last) => `still ${(last !== "gone" && status(last)) || "there"}`,
    progress && ((last, ms) => last !== "gone" && progress(last, ms)),
  );
}

/**
 * Deletes an object and waits until it is gone. The DELETE's answer is no proof (a 404 of it
 * may be a wrong URL; a stack server answers `{}` whether or not it deleted): only the
 * collection lacking the id afterwards is, or, once this process has listed the collection at
 * this URL, the object's own read answering the API's own 404 ({@link goneByItsOwnRead}). Fails with `<noun> <id> was deleted but is still
 * <status> after <n> s` when it stays.
 */
export async function deleteUntilGone<T extends object>(
  w: Whereabouts<T>,
  remove: () => Promise<unknown>,
  opts: PollOptions,
  status?: (value: T) => string | null | undefined,
): Promise<void> {
  let answered = true;
  const underWay = deleting(collectionOf(w));
  try {
    await remove();
  } catch (err) {
    underWay.done();
    if (!notThere(err)) throw kept(err);
    answered = false;
  }
  let proof = underWay.proof;
  if (answered && routeShown(w)) {
    // No shared read waits for this delete: its own read proves it, or the collection read after it does.
    underWay.done();
    if (await goneByItsOwnRead(w)) return noteChange(collectionOf(w), w.id);
    proof = () => listedAfterDeletes(collectionOf(w));
  }
  // The normal path: the DELETE answered and the collection, read after it (and after the other
  // deletes under way: one read for them all), lacks the id. A 404 of the DELETE, or a list that
  // cannot tell, takes the object's own read first, which says what is wrong in its words (a wrong
  // URL, an answer that is not the API's).
  if (!(answered && (await listedUntilGone(w, opts, status, proof)))) {
    try {
      await pollOrGone(w, () => false, opts, status);
    } catch (err) {
      throw timedOut(w, opts, err);
    }
  }
  noteChange(collectionOf(w), w.id);
}

/**
 * True when the object's own 404 can prove it gone after this process's DELETE of it answered:
 * it has a read of one object, and its collection was listed in this process in the API's
 * envelope and shape, at the same URL with the same credentials. A wrong URL, or a server that
 * answers a JSON 404 to everything, lists nothing, so there the collection stays the proof. Not
 * under a rate limit the server named (the stack server's 100 a minute), where one list read per
 * wave of deletes costs fewer requests than a read of each.
 */
function routeShown(w: Whereabouts<unknown>): boolean {
  const c = collectionOf(w);
  // Under a rate limit requests are the cost: a list shared by a wave of deletes sends fewer.
  return w.get !== undefined && !w.listed && !w.client.rateLimited && ownReadMayProve(c) && lastListedWithIds(c);
}

/**
 * After its DELETE answered, the object's own read: gone (true) when it answers the API's own
 * 404 (a JSON error: the cloud API's `NOT_FOUND`, a stack server's `{message}`) on a route shown
 * live ({@link routeShown}). Anything else leaves the proof to the collection (false): the object
 * still read (a pipe reads `Stopping` for a while), a failure, or a 404 that is not the API's
 * (the stack server's plain-text `Not Found` of a missing dashboard), after which the
 * collection's later deletes skip their own read. One small read instead of a list of the whole
 * collection: a destroy of 1,000 pipes read the whole pipe list once per wave of 8.
 */
async function goneByItsOwnRead(w: Whereabouts<unknown>): Promise<boolean> {
  try {
    await w.get?.();
    return false;
  } catch (err) {
    if (err instanceof NotFoundError) return true;
    if (notThere(err)) ownReadProvesNothing(collectionOf(w));
    return false;
  }
}

/** A delete's wait that ran out of time, said so; any other error with the state kept. */
function timedOut(w: Whereabouts<unknown>, opts: PollOptions, err: unknown): unknown {
  if (err instanceof PollTimeoutError) return addedTo(err, `${w.noun} ${w.id} was deleted but is ${err.message} after ${opts.timeoutMs / 1000} s`);
  return kept(err);
}

/**
 * Polls the collection until it lacks the id (true): each read starts after the DELETE answered,
 * and after the other DELETEs of this process on the collection under way answered too, shared by
 * every delete waiting meanwhile, so one read proves a destroy's wave of deletes (see
 * `shared-list.ts`, `deleting`). False when a read fails or is not a list of objects with ids.
 */
async function listedUntilGone<T extends object>(
  w: Whereabouts<T>,
  opts: PollOptions,
  status: ((value: T) => string | null | undefined) | undefined,
  proof: () => Promise<unknown[]>,
): Promise<boolean> {
  const c = collectionOf(w);
  let first: (() => Promise<unknown[]>) | undefined = proof;
  const read = async (): Promise<unknown> => {
    const next = first ?? (() => listedAfterDeletes(c));
    first = undefined;
    const items = await next();
    return items.every(hasId) ? (items.find((item) => item.id === w.id) ?? "gone") : undefined;
  };
  try {
    const last = await pollUntil(
      read,
      (v) => v === "gone" || v === undefined,
      opts,
      (v) => `still ${(isObjectOf<T>(v) && status?.(v)) || "there"}`,
    );
    return last === "gone";
  } catch (err) {
    if (err instanceof PollTimeoutError) throw timedOut(w, opts, err);
    return false;
  }
}

function isObjectOf<T>(v: unknown): v is T {
  return v !== null && typeof v === "object";
}

/**
 * Runs an update. A 404 may be about the object, about what it names (an alert's dashboard or
 * tile), or about the route (a wrong URL): the rule above tells. When the object is gone the
 * update fails saying so and how to recover (`why`, when given, says what takes such an object
 * away); when the route is missing it fails saying so; else the update's own error stands.
 */
export async function updateUnlessGone<R>(w: Whereabouts<unknown> & { where: string; why?: string }, update: () => Promise<R>): Promise<R> {
  try {
    return await update();
  } catch (err) {
    if (notThere(err) && (await orGone(w)) === undefined) {
      const why = w.why ? ` (${w.why})` : "";
      throw addedTo(err, `${w.noun} ${w.id} no longer exists ${w.where}${why}: run \`pulumi refresh\` to forget it, then \`pulumi up\` to create it again`);
    }
    throw err;
  }
}
