import type * as pulumi from "@pulumi/pulumi";
import type { GetReversePrivateEndpointsArgs, GetReversePrivateEndpointsOutputArgs, ReversePrivateEndpointRecord } from "../public-types/generated";
import { outputForm } from "./invoke-style";
import { listReversePrivateEndpoints } from "./listings";
import { programSettings } from "./program-settings";
import { asProgramCall } from "./program-error";

// Generated from the schemas (provider/type-derivation/derived.ts).
export type { GetReversePrivateEndpointsArgs, GetReversePrivateEndpointsOutputArgs };

/**
 * Lists the reverse private endpoints of a service, filtered (`type`, `status`,
 * `descriptionContains`); `organizationId` and `serviceId` default to configuration. Returns a
 * Promise; {@link getReversePrivateEndpointsOutput} takes Inputs and returns an Output.
 *
 * @example
 * const ready = await getReversePrivateEndpoints({ status: "Ready" });
 */
export function getReversePrivateEndpoints(args: GetReversePrivateEndpointsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<ReversePrivateEndpointRecord[]> {
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
): pulumi.Output<ReversePrivateEndpointRecord[]> {
  return outputForm<unknown, ReversePrivateEndpointRecord[]>(args, opts, list);
}

function list(args: unknown): Promise<ReversePrivateEndpointRecord[]> {
  const { connection, ...raw } = (args ?? {}) as Record<string, unknown>;
  return asProgramCall(() => listReversePrivateEndpoints(raw, () => programSettings(connection)));
}
