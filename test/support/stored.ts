/**
 * The shared reader of what the emulator stores (its control API's state dump, secrets removed).
 * A test of the dump itself, or of one seeded list, reads `control.state()` directly.
 */
import type { Emulator } from "../../emulator";
import { seedEndpoints } from "../../emulator/cloud/reverse-private-endpoints";
import { COLLECTION_KEYS, STACK_COLLECTIONS } from "../../emulator/stack/collections";
import type { CollectionKey } from "../../emulator/stack/records";

type Obj = Record<string, any>;
/** One stored object: its id, maybe a name, and whatever else the store keeps. */
export type Stored = { id: string; name?: string; [key: string]: any };

function state(emulator: Emulator): Obj {
  return emulator.control.state();
}

/** The pipes of the emulator's default service. */
export function storedPipes(emulator: Emulator): Stored[] {
  return state(emulator).services[emulator.options.serviceId]?.pipes ?? [];
}

/** A stack's collections as the control dump shows them: a list per row of the emulator's table. */
export type StoredStack = Record<CollectionKey, Stored[]>;

/** Every collection of a stack: the open-source server's, or the default service's. */
export function storedStack(emulator: Emulator, target: "cloud" | "server"): StoredStack {
  const s = state(emulator);
  return target === "server" ? s.stack : s.services[emulator.options.serviceId].stack;
}

/** The objects of every array of `holder`, those whose id is in `seeded` left out. */
function madeIn(holder: Obj, seeded: { has(id: string): boolean }): number {
  return Object.values(holder)
    .filter((list): list is Stored[] => Array.isArray(list))
    .reduce((n, list) => n + list.filter((o) => !seeded.has(o.id)).length, 0);
}

/**
 * The objects of every collection of the table in a stack's dump but those the stack was seeded
 * with (the server's own: its default sources and connection, the key's user, the webhook); a
 * collection missing from the dump is an error, not a zero.
 */
function madeInStack(stack: Obj, stackSeed: string): number {
  const seeded = new Set(COLLECTION_KEYS.flatMap((key) => STACK_COLLECTIONS[key].seed(stackSeed).map((o) => o.id)));
  const missing = COLLECTION_KEYS.filter((key) => !Array.isArray(stack[key]));
  if (missing.length > 0) throw new Error(`the emulator's dump has no ${missing.join(", ")}`);
  return madeIn(Object.fromEntries(COLLECTION_KEYS.map((key) => [key, stack[key]])), seeded);
}

/**
 * Every object the emulator holds that a program made, in every collection of every service and
 * of both stacks (a collection the emulator's table gains is counted without a change here); what
 * the emulator seeds (each stack's seed, the seeded endpoints) is left out.
 */
export function storedObjects(emulator: Emulator): number {
  const s = state(emulator);
  let n = madeInStack(s.stack, "server");
  for (const [id, svc] of Object.entries<Obj>(s.services)) n += madeIn(svc, seedEndpoints(id)) + madeInStack(svc.stack, id);
  return n;
}

/** The reverse private endpoints of the default service. */
export function storedEndpoints(emulator: Emulator): Stored[] {
  return state(emulator).services[emulator.options.serviceId]?.reversePrivateEndpoints ?? [];
}
