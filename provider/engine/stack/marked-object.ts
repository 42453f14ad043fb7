import type { StackTarget } from "../../client/stack-target";
import { NO_UNIQUE_NAME } from "../name-holder";
import type { StackCollection } from "./api";
import { collectionProbe } from "./create-probes";
import { currentOnly, stackObject } from "./stack-object";

/** No name of these objects is unique (a literal, kept literal in the spec). */
const noUniqueName: typeof NO_UNIQUE_NAME = NO_UNIQUE_NAME;

/**
 * The engine parts of a stack object that only the current servers have and that no name keeps
 * unique (connections, sources, saved searches): its collection (see `stackObject`), the create
 * gate's read of it, the refusal on a first-generation stack, and one PUT that adopts and
 * updates alike. Its create proves itself by the marker it writes, not by a name. `plural`: what
 * the collection holds, in messages.
 */
export function markedObject<I extends object, O>(collection: StackCollection, plural: string, put: (t: StackTarget, id: string, inputs: I) => Promise<O>) {
  return {
    ...stackObject(collection),
    names: noUniqueName,
    probe: collectionProbe<I>(collection),
    refuseCreate: currentOnly(plural, collection),
    adopt: (t: StackTarget, id: string, inputs: I) => put(t, id, inputs),
    update: (t: StackTarget, id: string, _olds: unknown, news: I) => put(t, id, news),
  };
}
