import type * as pulumi from "@pulumi/pulumi";
import type { GetStackSourcesArgs, GetStackSourcesOutputArgs, StackSourceRecord } from "../public-types/generated";
import { outputForm } from "./invoke-style";
import { listOnStack } from "./stack-list";
import { stackSources } from "./listings";

// Generated from the schemas (provider/type-derivation/derived.ts).
export type { GetStackSourcesArgs, GetStackSourcesOutputArgs };

/**
 * Lists the data sources of a stack (the cloud proxy of a service, or the open-source server
 * of `pipestack:stackUrl`). Returns a Promise; {@link getStackSourcesOutput} returns an Output.
 *
 * @example
 * const logs = (await getStackSources()).find((s) => s.kind === "log");
 */
export function getStackSources(args: GetStackSourcesArgs = {}, _opts?: pulumi.InvokeOptions): Promise<StackSourceRecord[]> {
  return list(args);
}

/**
 * {@link getStackSources} as an Output, waiting for its Inputs and for `opts.dependsOn`.
 *
 * @example
 * const logs = getStackSourcesOutput().apply((l) => l.find((s) => s.kind === "log"));
 */
export function getStackSourcesOutput(args: GetStackSourcesOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<StackSourceRecord[]> {
  return outputForm<unknown, StackSourceRecord[]>(args, opts, list);
}

function list(raw: unknown): Promise<StackSourceRecord[]> {
  return listOnStack(stackSources, raw);
}
