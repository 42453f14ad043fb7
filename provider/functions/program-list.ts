import type { z } from "zod";
import type { Listing } from "../engine/listing";
import { programSettings } from "./program-settings";
import { asProgramCall } from "./program-error";

/**
 * A kind's listing run from the program (every generated `getX` calls it): the settings are the
 * call's `connection`, then configuration; a failure is the program's error (its message alone).
 */
export async function programList<T>(listing: Pick<Listing<z.ZodObject<z.ZodRawShape>, T>, "run">, args: unknown): Promise<T[]> {
  const { connection, ...raw } = (args ?? {}) as Record<string, unknown>;
  return asProgramCall(() => listing.run(raw, () => programSettings(connection)));
}
