import type * as pulumi from "@pulumi/pulumi";
import type { ReversePrivateEndpoint, ReversePrivateEndpointFilter } from "../resources/reverse-private-endpoint/record";
import type { ArgsOf } from "../resource-class/inputs";
import { outputForm } from "./invoke-style";
import { listReversePrivateEndpoints } from "./listings";
import { programSettings } from "./program-settings";
import { asProgramCall } from "./program-error";
import type { Connection } from "../schemas/connection";
import type { ConnectionInput } from "../resource-class/connection";

/** Filters of {@link getReversePrivateEndpoints}; every one given must match. `connection`: which account (see the README). */
export type GetReversePrivateEndpointsArgs = ReversePrivateEndpointFilter & {
  /** Where and as whom to reach the service for this call alone; each field left out comes from stack config `pipestack:*`, then `PIPESTACK_*`. */
  connection?: Connection;
};
/** Filters of {@link getReversePrivateEndpointsOutput}, each an Input; `connection` as resources take it. */
export type GetReversePrivateEndpointsOutputArgs = ArgsOf<ReversePrivateEndpointFilter> & ConnectionInput;

/**
 * Lists the reverse private endpoints of a service, filtered (`type`, `status`,
 * `descriptionContains`); `organizationId` and `serviceId` default to configuration. Returns a
 * Promise; {@link getReversePrivateEndpointsOutput} takes Inputs and returns an Output.
 *
 * @example
 * const ready = await getReversePrivateEndpoints({ status: "Ready" });
 */
export function getReversePrivateEndpoints(args: GetReversePrivateEndpointsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<ReversePrivateEndpoint[]> {
  return list(args);
}

/**
 * {@link getReversePrivateEndpoints} as an Output: its ids feed a Kafka source's
 * `reversePrivateEndpointIds`. Waits for its Inputs and for `opts.dependsOn`.
 *
 * @example
 * const ready = getReversePrivateEndpointsOutput({ status: "Ready" });
 * new Pipe("events", { source: { kafka: { ..., reversePrivateEndpointIds: ready.apply((l) => l.map((e) => e.id)) } }, ... });
 */
export function getReversePrivateEndpointsOutput(
  args: GetReversePrivateEndpointsOutputArgs = {},
  opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<ReversePrivateEndpoint[]> {
  return outputForm<unknown, ReversePrivateEndpoint[]>(args, opts, list);
}

function list(args: unknown): Promise<ReversePrivateEndpoint[]> {
  const { connection, ...raw } = (args ?? {}) as Record<string, unknown>;
  return asProgramCall(() => listReversePrivateEndpoints(raw, () => programSettings(connection)));
}
