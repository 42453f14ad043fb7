import { ApiError, NotFoundError } from "../../client/errors";
import { path } from "../../client/paths";
import type { StackTarget } from "../../client/stack-target";

/** The stack collections the provider manages objects in. */
export type StackCollection = "dashboards" | "alerts" | "saved-searches";

/**
 * Whether a 404 means the object is gone. A JSON 404 names the object (`Alert not found`).
 * A plain-text one (the open-source server's, for a missing object and for a missing route
 * alike) is asked again of the collection: if the collection lists, the object is gone; if it
 * is a 404 too, the route itself is missing (a wrong `stackUrl`), which is an error: taking it
 * for "gone" would drop the object from state, or skip its delete.
 */
async function confirmGone(t: StackTarget, kind: StackCollection, err: unknown): Promise<boolean> {
  if (!t.isGone(err)) return false;
  if (err instanceof NotFoundError) return true;
  const collection = `${t.basePath}${path(kind)}`;
  try {
    await t.client.get(collection);
    return true;
  } catch (listErr) {
    if (!t.isGone(listErr)) throw listErr;
    const where =
      t.kind === "server"
        ? `pipestack:stackUrl (or the resource's stackUrl) is probably wrong: ${t.key.replace(/^server:/, "")} should be the server's base URL, below which it serves /api/v2`
        : "the stack proxy of this service is not there";
    const shown = listErr instanceof ApiError ? listErr.path : collection;
    throw new Error(
      `${(err as Error).message}; the collection ${shown} is a 404 too, so the route is missing, not the object: ${where}. Nothing was changed in the state.`,
    );
  }
}

/** The object, or `undefined` when it is gone; a missing route is an error (see {@link confirmGone}). */
export async function orGoneOn<T>(t: StackTarget, kind: StackCollection, get: () => Promise<T>): Promise<T | undefined> {
  try {
    return await get();
  } catch (err) {
    if (await confirmGone(t, kind, err)) return undefined;
    throw err;
  }
}

/** Runs a delete; an object already gone counts as deleted, a missing route does not. */
export async function goneIsDoneOn(t: StackTarget, kind: StackCollection, remove: () => Promise<unknown>): Promise<void> {
  await orGoneOn(t, kind, remove);
}

/**
 * Runs an update (a PUT). A 404 may be about the object, about what it names (an alert's
 * dashboard or tile), or about the route (a wrong `stackUrl`): the object is read to tell. When
 * it is gone, the update fails saying so and how to recover (`why`, when given, says what takes
 * such an object away); a missing route fails as {@link orGoneOn} does; else the PUT's error stands.
 */
export async function updateOn<T>(
  t: StackTarget,
  kind: StackCollection,
  object: { noun: string; id: string; get: () => Promise<unknown>; why?: string },
  put: () => Promise<T>,
): Promise<T> {
  try {
    return await put();
  } catch (err) {
    if (t.isGone(err) && !(await orGoneOn(t, kind, object.get))) {
      const why = object.why ? ` (${object.why})` : "";
      throw new Error(
        `${object.noun} ${object.id} no longer exists on ${t.key}${why}: run \`pulumi refresh\` to forget it, then \`pulumi up\` to create it again`,
      );
    }
    throw err;
  }
}
