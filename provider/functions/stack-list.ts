import type { ZodType } from "zod";
import { openStackTarget, type StackTarget } from "../client/stack-target";
import { path } from "../client/paths";
import { validate } from "../schemas/check-failures";
import { stackTargetArgs } from "../schemas/stack-target";
import { named } from "./invoke-style";
import { programSettings } from "./program-settings";

/** How one list function reads its collection: the function's name, the collection, one item's shape. */
export interface StackListing<T> {
  fn: string;
  collection: string;
  item: ZodType<T>;
  /** A clearer error for a failed list (e.g. a route older servers lack); else the API's error stands. */
  explain?(err: unknown, target: StackTarget): Error | undefined;
}

/**
 * Lists one collection of the stack the arguments name (each target field defaults to
 * configuration or the `connection`), from the program: the arguments checked first, errors prefixed with the
 * function's name, each item parsed by its shape (which drops what a program must not hold).
 */
export async function listOnStack<T>(listing: StackListing<T>, args: unknown): Promise<T[]> {
  const { fn, collection, item } = listing;
  const { connection, ...raw } = (args ?? {}) as Record<string, unknown>;
  const target = named(fn, () => {
    const parsed = validate(stackTargetArgs, raw);
    if (!parsed.ok) throw new Error(parsed.failures.map((f) => `${f.property} ${f.reason}`).join("; "));
    return openStackTarget(programSettings(connection), parsed.value);
  });
  let items: unknown;
  try {
    items = await target.client.get<unknown>(`${target.basePath}${path(collection)}`);
  } catch (err) {
    throw listing.explain?.(err, target) ?? err;
  }
  if (!Array.isArray(items)) throw new Error(`${fn}: the stack at ${target.key} did not answer a list`);
  return items.map((i) => item.parse(i));
}
