import type { StackTarget, StackTargetOverrides } from "../../client/stack-target";
import { settingsFor } from "../connection";
import { StackGenerationError } from "../../errors";
import { requireCurrentRoute, stackGeneration } from "./generation";
import { listed } from "./create-probes";
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

/**
 * A `refuseCreate` for a collection that only the current servers have (saved searches,
 * webhooks): on a first-generation stack it says so, rather than pass on a bare 404. `plural`:
 * what the collection holds, in messages. With `route`, the generation is learnt from the read
 * of that collection the create gate makes anyway (see {@link requireCurrentRoute}); without,
 * from the stack's generation (a collection whose list is itself the generation's probe).
 */
export function currentOnly(plural: string, route?: StackCollection): (target: StackTarget) => Promise<void> {
  const refusal = (target: StackTarget) =>
    `the stack at ${target.key} speaks the first generation of the stack API, which has no ${plural}: use a current server (API 2.36 or later)`;
  return async (target) => {
    if (route) return requireCurrentRoute(target, () => listed(target, route), refusal(target));
    if ((await stackGeneration(target)) === "first") throw new StackGenerationError(refusal(target));
  };
}
