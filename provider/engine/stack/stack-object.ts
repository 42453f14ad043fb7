import type { StackTarget, StackTargetOverrides } from "../../client/stack-target";
import { settingsFor } from "../connection";
import { deleteObject, stackWhereabouts, type StackCollection } from "./api";
import { targetOf } from "./target";

/**
 * What every stack resource's engine spec shares (see `define-engine.ts`): its objects live in
 * one collection of the stack its props name, and a delete is checked against that collection.
 */
export function stackObject<C extends StackCollection>(collection: C) {
  return {
    at: (props: StackTargetOverrides) => targetOf(props),
    whereabouts: (t: StackTarget, id: string) => stackWhereabouts(t, collection, id),
    remove: (t: StackTarget, id: string, props: unknown) => deleteObject(t, collection, id, settingsFor(props).pollIntervalMs),
  };
}
