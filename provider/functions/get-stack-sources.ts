import * as pulumi from "@pulumi/pulumi";
import { openStackTarget } from "../client/stack-target";
import { path } from "../client/paths";
import { validate } from "../schemas/check-failures";
import { stackSource, stackSourcesArgs, type StackSource, type StackSourcesArgs } from "../schemas/stack-source";
import type { ArgsOf } from "../resources/inputs";
import { programSettings } from "./program-settings";

export type GetStackSourcesArgs = ArgsOf<StackSourcesArgs>;

/**
 * Lists the data sources of a stack (the cloud proxy of a service, or the open-source server
 * of `pipestack:stackUrl`) as an Output.
 *
 * @example
 * const logs = getStackSources().apply((l) => l.find((s) => s.kind === "log"));
 */
export function getStackSources(args: GetStackSourcesArgs = {}): pulumi.Output<StackSource[]> {
  return pulumi.output(args).apply(async (raw) => {
    const parsed = validate(stackSourcesArgs, raw);
    if (!parsed.ok) throw new Error(`getStackSources: ${parsed.failures.map((f) => `${f.property} ${f.reason}`).join("; ")}`);
    const target = openStackTarget(programSettings(), parsed.value);
    const list = await target.client.get<unknown>(`${target.basePath}${path("sources")}`);
    if (!Array.isArray(list)) throw new Error(`getStackSources: the stack at ${target.key} did not answer a list`);
    return list.map((s) => stackSource.parse(s));
  });
}
