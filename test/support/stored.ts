/** The one reader of what the emulator stores (its control API's state dump, secrets removed). */
import type { Emulator } from "../../emulator";
import { seedEndpoints } from "../../emulator/cloud/reverse-private-endpoints";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

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

/**
 * Every object the emulator holds that a program made: pipes, reverse private endpoints (not the
 * seeded ones), dashboards, alerts, saved searches and webhooks (not the seeded one), of every service and both stacks.
 */
export function storedObjects(emulator: Emulator): number {
  const s = state(emulator);
  const ofStack = (stack: Obj): number =>
    stack.dashboards.length + stack.alerts.length + stack.savedSearches.length + (stack.webhooks as Stored[]).filter((w) => w.id !== SEEDED_WEBHOOK_ID).length;
  let n = ofStack(s.stack);
  for (const [id, svc] of Object.entries<Obj>(s.services)) {
    const seeded = seedEndpoints(id);
    const made = (svc.reversePrivateEndpoints as Stored[]).filter((e) => !seeded.has(e.id)).length;
    n += svc.pipes.length + made + ofStack(svc.stack);
  }
  return n;
}

/** The reverse private endpoints of the default service. */
export function storedEndpoints(emulator: Emulator): Stored[] {
  return state(emulator).services[emulator.options.serviceId]?.reversePrivateEndpoints ?? [];
}
