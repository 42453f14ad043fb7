import { withConnection } from "../config";
import { engineSettings } from "../engine/engine-settings";
import type { Listing } from "../engine/listing";
import { registry } from "../registry";
import { CONNECTION_KEY, connectionFailures } from "../schemas/connection";
import { PACKAGE } from "./resources";
import { reveal } from "./values";
import type { Obj } from "../schemas/plain-object";
import { InvalidArgumentError } from "../errors/operation-errors";

/**
 * The functions as the native provider serves them (`pipestack:index:getStackSources`, ...): the
 * listing of every kind of the registry that declares one, the very listings the program's
 * functions run, with the provider's settings (its configuration, then `PIPESTACK_*`) under the
 * call's own `connection`. The answer is `{ items: [...] }`.
 */

/** A function the plugin serves: a kind's listing (its `name` is the program's function's). */
export type NativeFunction = Listing;

export const nativeFunctions: readonly NativeFunction[] = registry.flatMap((d): NativeFunction[] => (d.listing ? [d.listing] : []));

export const functionToken = (f: Pick<NativeFunction, "name">): string => `${PACKAGE}:index:${f.name}`;

/** Runs the function a token names: its items, or why the arguments cannot be used. */
export async function invoke(token: string, args: Obj): Promise<{ result?: Obj; failures: { property: string; reason: string }[] }> {
  const f = nativeFunctions.find((n) => functionToken(n) === token);
  if (!f) throw new InvalidArgumentError(`unknown function ${token}`);
  const { [CONNECTION_KEY]: connection, ...rest } = reveal(args) as Obj;
  const failures = connectionFailures(connection);
  if (failures.length) return { failures };
  const items = await f.run(rest, () => withConnection(engineSettings(), connection ?? undefined));
  return { result: { items }, failures: [] };
}
