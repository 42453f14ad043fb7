import { listStackCollection, type StackListing } from "./listings";
import { programSettings } from "./program-settings";
import { asProgramCall } from "./program-error";

export type { StackListing };

/**
 * Lists one collection of the stack the arguments name, from the program: each target field
 * defaults to the call's `connection`, then configuration (see listings.ts for the rest).
 */
export async function listOnStack<T>(listing: StackListing<T>, args: unknown): Promise<T[]> {
  const { connection, ...raw } = (args ?? {}) as Record<string, unknown>;
  return asProgramCall(() => listStackCollection(listing, raw, () => programSettings(connection)));
}
