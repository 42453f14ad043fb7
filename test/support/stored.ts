/** The one reader of what the emulator stores (its control API's state dump, secrets removed). */
import type { Emulator } from "../../emulator";
import { seedEndpoints } from "../../emulator/cloud/reverse-private-endpoints";

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

/** The dashboards, alerts and sources of a stack: the open-source server's, or the default service's. */
export function storedStack(emulator: Emulator, target: "cloud" | "server"): { dashboards: Stored[]; alerts: Stored[]; sources: Stored[] } {
  const s = state(emulator);
  return target === "server" ? s.stack : s.services[emulator.options.serviceId].stack;
}

/**
 * Every object the emulator holds that a program made: pipes, reverse private endpoints (not the
 * seeded ones), dashboards and alerts, of every service and both stacks.
 */
export function storedObjects(emulator: Emulator): number {
  const s = state(emulator);
  let n = s.stack.dashboards.length + s.stack.alerts.length;
  for (const [id, svc] of Object.entries<Obj>(s.services)) {
    const seeded = seedEndpoints(id);
    const made = (svc.reversePrivateEndpoints as Stored[]).filter((e) => !seeded.has(e.id)).length;
    n += svc.pipes.length + made + svc.stack.dashboards.length + svc.stack.alerts.length;
  }
  return n;
}

/** The reverse private endpoints of the default service. */
export function storedEndpoints(emulator: Emulator): Stored[] {
  return state(emulator).services[emulator.options.serviceId]?.reversePrivateEndpoints ?? [];
}
