/**
 * The one "read or gone" rule: an object the API says is not there (by the target's own test,
 * `isGone`) is `undefined` to a read, and done to a delete. Every other error stands.
 */
import { pollUntil, type PollOptions } from "../client/poll";

/** The object, or `undefined` when it is gone. */
export async function orGone<T>(get: () => Promise<T>, isGone: (err: unknown) => boolean): Promise<T | undefined> {
  try {
    return await get();
  } catch (err) {
    if (isGone(err)) return undefined;
    throw err;
  }
}

/** Runs a delete; an object already gone counts as deleted. */
export async function goneIsDone(remove: () => Promise<unknown>, isGone: (err: unknown) => boolean): Promise<void> {
  await orGone(remove, isGone);
}

/** The engine's `read` answer: the outputs of the live object, or an empty id when it is gone. */
export function readResult<O>(id: string, outputs: O | undefined): { id: string; props: O } {
  // With an empty id the engine drops the object from state and never looks at its props.
  return outputs === undefined ? { id: "", props: {} as O } : { id, props: outputs };
}

/**
 * Polls an object until `done` says so, or it is gone (`"gone"`): the read-or-gone poll of a
 * create that waits, or of a delete (`done` never true). Throws a `PollTimeout` carrying the
 * last value read, its message `still <status>`, when time runs out.
 */
export function pollOrGone<T extends object>(
  get: () => Promise<T>,
  isGone: (err: unknown) => boolean,
  done: (value: T) => boolean,
  opts: PollOptions,
  status: (value: T) => string | null | undefined,
): Promise<T | "gone"> {
  return pollUntil<T | "gone">(
    async () => (await orGone(get, isGone)) ?? "gone",
    (v) => v === "gone" || done(v),
    opts,
    (last) => `still ${(last !== "gone" && status(last)) || "in an unknown state"}`,
  );
}
