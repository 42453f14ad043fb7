import { ApiError, StackGenerationError } from "../../errors";
import { path } from "../../client/paths";
import { snapshot } from "../shared-list";
import type { StackTarget } from "../../client/stack-target";

/**
 * Which generation of the stack API a target speaks (notes: "Server generations"): `first` is
 * the contract's form (alerts with `source: "search"`, one `channel`, `above`/`below`),
 * `current` the servers of today (`saved_search`, `channels`, eight threshold types, saved
 * searches and webhooks). The one place the provider learns it, so that a setting or another
 * probe can replace this one without touching the callers.
 */
export type StackGeneration = "first" | "current";

const known = new Map<string, Promise<StackGeneration>>();

/**
 * What the remembered generation is keyed by: the target's key and the API it is reached
 * through. A cloud target's key names only the organization and service, which another API
 * (another `apiUrl` or connection) may serve at another generation.
 */
export function generationKey(t: Pick<StackTarget, "client" | "key">): string {
  return `${t.client.surface.baseUrl} ${t.key}`;
}

/**
 * The generation of a target, asked once per provider process and API + target: the current
 * servers list webhooks (`GET /webhooks`), the first generation has no such route (a 404).
 * Any other failure is thrown (and not remembered). The read is the process's shared snapshot
 * of the webhook list, so a webhook's create gate, which reads that list anyway, sends no
 * second one.
 */
export function stackGeneration(t: StackTarget): Promise<StackGeneration> {
  const key = generationKey(t);
  let found = known.get(key);
  if (!found) {
    found = probe(() => snapshot({ client: t.client, path: `${t.basePath}${path("webhooks")}`, paged: true }));
    known.set(key, found);
    found.catch(() => known.delete(key));
  }
  return found;
}

/**
 * Remembers the generation an answer the process had anyway showed (a route only current servers
 * have answered, a dashboard in one generation's form), so that no probe of the process asks.
 */
export function learnt(t: Pick<StackTarget, "client" | "key">, generation: StackGeneration): void {
  const key = generationKey(t);
  if (!known.has(key)) known.set(key, Promise.resolve(generation));
}

/**
 * Refuses a create of a kind whose route only current servers have, learning the generation from
 * the read of that route the create gate makes anyway (`read`, shared by the run): an answer
 * proves a current server, and is remembered for every kind of the process. Only a 404, which a
 * first-generation server gives and an unknown organization or service too, asks the generation
 * ({@link stackGeneration}) to tell them apart: `refusal` for the first, the 404 itself otherwise.
 */
export async function requireCurrentRoute(t: StackTarget, read: () => Promise<unknown>, refusal: string): Promise<void> {
  // Known already (the check's read, or another kind's): no read at all, as before the route taught it.
  const remembered = await known.get(generationKey(t))?.catch(() => undefined);
  if (remembered === "first") throw new StackGenerationError(refusal);
  if (remembered === "current") return;
  try {
    await read();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && (await stackGeneration(t)) === "first") {
      // A wrong stackUrl 404s on every route too: the refusal only when the server answers one every
      // generation serves (the dashboards, the run's shared read); else that read's error names the setting.
      await snapshot({ client: t.client, path: `${t.basePath}${path("dashboards")}`, paged: false });
      throw new StackGenerationError(refusal);
    }
    throw err;
  }
  learnt(t, "current");
}

/** Forgets every generation learnt, as a new provider process would start (tests model many in one). */
export function forgetGenerations(): void {
  known.clear();
}

async function probe(read: () => Promise<unknown>): Promise<StackGeneration> {
  try {
    await read();
    return "current";
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return "first";
    throw err;
  }
}
