import type * as pulumi from "@pulumi/pulumi";
import type { StackSource, StackSourcesArgs } from "../schemas/stack-source";
import type { ArgsOf } from "../resource-class/inputs";
import type { Connection } from "../schemas/connection";
import type { ConnectionInput } from "../resource-class/connection";
import { outputForm } from "./invoke-style";
import { listOnStack } from "./stack-list";
import { stackSources } from "./listings";

/** Which stack {@link getStackSources} lists; each defaults to configuration. */
export type GetStackSourcesArgs = StackSourcesArgs & {
  /** Where and as whom to reach the service for this call alone; each field left out comes from stack config `pipestack:*`, then `PIPESTACK_*`. */
  connection?: Connection;
};
/** Arguments of {@link getStackSourcesOutput}, each an Input; `connection` as resources take it. */
export type GetStackSourcesOutputArgs = ArgsOf<StackSourcesArgs> & ConnectionInput;

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

function list(raw: unknown): Promise<StackSource[]> {
  return listOnStack(stackSources, raw);
}
