import { z, type ZodTypeAny } from "zod";
import { withConnection } from "../config";
import { listReversePrivateEndpoints, listStackCollection, stackSources, stackWebhooks } from "../functions/listings";
import { engineSettings } from "../engine/engine-settings";
import { CONNECTION_KEY, connectionFailures } from "../schemas/connection";
import { reversePrivateEndpoint, reversePrivateEndpointFilter } from "../resources/reverse-private-endpoint/record";
import { stackSource } from "../schemas/stack-source";
import { stackTargetArgs } from "../schemas/stack-target";
import { stackWebhook } from "../schemas/stack-webhook";
import type { Settings } from "../config";
import { PACKAGE } from "./resources";
import { reveal } from "./values";
import type { Obj } from "../schemas/plain-object";
import { InvalidArgumentError } from "../errors/operation-errors";

/**
 * The functions as the native provider serves them (`pipestack:index:getStackSources`, ...):
 * the same listings the program's functions run, with the provider's settings (its
 * configuration, then `PIPESTACK_*`) under the call's own `connection`. The answer is
 * `{ items: [...] }`.
 */

export interface NativeFunction {
  /** The name of the program's function of the same listing (`provider/functions/`). */
  name: string;
  /** The arguments besides `connection`. */
  args: z.ZodObject<z.ZodRawShape>;
  /** One item of the answer. */
  item: ZodTypeAny;
  run(args: Obj, settings: () => Settings): Promise<unknown[]>;
}

export const nativeFunctions: readonly NativeFunction[] = [
  { name: "getReversePrivateEndpoints", args: reversePrivateEndpointFilter, item: reversePrivateEndpoint, run: listReversePrivateEndpoints },
  { name: "getStackSources", args: stackTargetArgs, item: stackSource, run: (a, s) => listStackCollection(stackSources, a, s) },
  { name: "getStackWebhooks", args: stackTargetArgs, item: stackWebhook, run: (a, s) => listStackCollection(stackWebhooks, a, s) },
];

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
