import type * as pulumi from "@pulumi/pulumi";
import { openStackTarget } from "../client/stack-target";
import { path } from "../client/paths";
import { validate } from "../schemas/check-failures";
import { stackSource, stackSourcesArgs, type StackSource, type StackSourcesArgs } from "../schemas/stack-source";
import type { ArgsOf } from "../resources/inputs";
import { named, outputForm } from "./invoke-style";
import { programSettings } from "./program-settings";
import type { Connection } from "../schemas/connection";
import type { ConnectionInput } from "../resources/connection";

/** Which stack {@link getStackSources} lists; each defaults to configuration. */
export type GetStackSourcesArgs = StackSourcesArgs & { connection?: Connection };
/** Arguments of {@link getStackSourcesOutput}, each an Input; `connection` as resources take it. */
export type GetStackSourcesOutputArgs = ArgsOf<StackSourcesArgs> & ConnectionInput;

const FN = "getStackSources";

/**
 * Lists the data sources of a stack (the cloud proxy of a service, or the open-source server
 * of `pipestack:stackUrl`). Returns a Promise; {@link getStackSourcesOutput} returns an Output.
 *
 * @example
 * const logs = (await getStackSources()).find((s) => s.kind === "log");
 */
export function getStackSources(args: GetStackSourcesArgs = {}, _opts?: pulumi.InvokeOptions): Promise<StackSource[]> {
  return list(args);
}

/**
 * {@link getStackSources} as an Output, waiting for its Inputs and for `opts.dependsOn`.
 *
 * @example
 * const logs = getStackSourcesOutput().apply((l) => l.find((s) => s.kind === "log"));
 */
export function getStackSourcesOutput(args: GetStackSourcesOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<StackSource[]> {
  return outputForm<unknown, StackSource[]>(args, opts, list);
}

async function list(args: unknown): Promise<StackSource[]> {
  const { connection, ...raw } = (args ?? {}) as Record<string, unknown>;
  const target = named(FN, () => {
    const parsed = validate(stackSourcesArgs, raw);
    if (!parsed.ok) throw new Error(parsed.failures.map((f) => `${f.property} ${f.reason}`).join("; "));
    return openStackTarget(programSettings(connection), parsed.value);
  });
  const sources = await target.client.get<unknown>(`${target.basePath}${path("sources")}`);
  if (!Array.isArray(sources)) throw new Error(`${FN}: the stack at ${target.key} did not answer a list`);
  return sources.map((s) => stackSource.parse(s));
}
