/** The one reader of what the emulator stores (its control API's state dump, secrets removed). */
import type { Emulator } from "../../emulator";
import { seedEndpoints } from "../../emulator/cloud/reverse-private-endpoints";
import { seededWebhook } from "../../emulator/stack/seed";

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

/** The dashboards, alerts, saved searches, sources and webhooks of a stack: the open-source server's, or the default service's. */
export function storedStack(
  emulator: Emulator,
  target: "cloud" | "server",
): { dashboards: Stored[]; alerts: Stored[]; savedSearches: Stored[]; sources: Stored[]; webhooks: Stored[] } {
  const s = state(emulator);
  return target === "server" ? s.stack : s.services[emulator.options.serviceId].stack;
}

/** The webhook every stack starts with (emulator/stack/seed.ts), which no program made. */
const SEEDED_WEBHOOK = new Set([seededWebhook().id]);

/**
 * Collections no resource makes: a stack's data sources are the server's own (seeded, and in
 * emulator states saved by earlier releases seeded with other ids).
 */
const NOT_MADE = new Set(["sources"]);

/** The objects of every collection (array) of `holder` but those no resource makes, those whose id is in `seeded` left out. */
function madeIn(holder: Obj, seeded: { has(id: string): boolean }): number {
  return Object.entries(holder)
    .filter((e): e is [string, Stored[]] => Array.isArray(e[1]) && !NOT_MADE.has(e[0]))
    .reduce((n, [, list]) => n + list.filter((o) => !seeded.has(o.id)).length, 0);
}

/**
 * Every object the emulator holds that a program made, in every collection of every service and
 * of both stacks (a collection the emulator gains is counted without a change here); what the
 * emulator seeds (the stacks' sources and webhook, the seeded endpoints) is left out.
 */
export function storedObjects(emulator: Emulator): number {
  const s = state(emulator);
  let n = madeIn(s.stack, SEEDED_WEBHOOK);
  for (const [id, svc] of Object.entries<Obj>(s.services)) n += madeIn(svc, seedEndpoints(id)) + madeIn(svc.stack, SEEDED_WEBHOOK);
  return n;
}

/** The reverse private endpoints of the default service. */
export function storedEndpoints(emulator: Emulator): Stored[] {
  return state(emulator).services[emulator.options.serviceId]?.reversePrivateEndpoints ?? [];
}
