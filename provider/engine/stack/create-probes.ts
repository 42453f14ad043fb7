import type { StackTarget } from "../../client/stack-target";
import type { CreateProbe } from "../create-gate";
import { stackCollection, type StackCollection } from "./api";
import { sharedObject } from "../shared-list";
import { TARGET_KEYS, targetOf } from "./target";

/**
 * The gate's read of a stack object's create in `check` (see create-gate.ts): the collection the
 * create will POST to (its credentials and route). A kind that reads something else first
 * declares its own probe in its folder (a tile alert: `resources/stack-alert/probe.ts`).
 */
export function collectionProbe<I extends object>(collection: StackCollection): CreateProbe<I> {
  return {
    needs: TARGET_KEYS,
    adopts: (inputs) => typeof (inputs as { adoptId?: unknown }).adoptId === "string",
    probe: async (inputs) => {
      await listed(targetOf(inputs), collection);
      return [];
    },
  };
}

/**
 * The run's one read of the collection's first page, shared by every create's `check` (see
 * `../shared-list`): it proves the credentials and the route; the objects in it are not needed.
 */
export async function listed(t: StackTarget, collection: StackCollection): Promise<void> {
  const { client, path } = stackCollection(t, collection);
  await sharedObject(client, path, () => client.get<unknown>(path));
}
