import type * as pulumi from "@pulumi/pulumi";
import { cloudService, serviceRef } from "../client/cloud";
import { path } from "../client/paths";
import { formatPath } from "../schemas/check-failures";
import {
  filterEndpoints,
  reversePrivateEndpoint,
  reversePrivateEndpointFilter,
  type ReversePrivateEndpoint,
  type ReversePrivateEndpointFilter,
} from "../schemas/reverse-private-endpoint";
import type { ArgsOf } from "../resources/inputs";
import { named, outputForm } from "./invoke-style";
import { programSettings } from "./program-settings";
import type { Connection } from "../schemas/connection";
import type { ConnectionInput } from "../resources/connection";

/** Filters of {@link getReversePrivateEndpoints}; every one given must match. `connection`: which account (see the README). */
export type GetReversePrivateEndpointsArgs = ReversePrivateEndpointFilter & { connection?: Connection };
/** Filters of {@link getReversePrivateEndpointsOutput}, each an Input; `connection` as resources take it. */
export type GetReversePrivateEndpointsOutputArgs = ArgsOf<ReversePrivateEndpointFilter> & ConnectionInput;

const FN = "getReversePrivateEndpoints";

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

async function list(args: unknown): Promise<ReversePrivateEndpoint[]> {
  const { connection, ...raw } = (args ?? {}) as Record<string, unknown>;
  const { svc, filter } = named(FN, () => {
    const parsed = reversePrivateEndpointFilter.safeParse(raw);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      throw new Error(`${formatPath(i.path)} ${i.message}`);
    }
    const settings = programSettings(connection);
    return { svc: cloudService(settings, serviceRef(settings, parsed.data)), filter: parsed.data };
  });
  const endpoints = (await svc.client.get<unknown[]>(`${svc.basePath}${path("pipesReversePrivateEndpoints")}`)) ?? [];
  return filterEndpoints(
    endpoints.map((e) => reversePrivateEndpoint.parse(e)),
    filter,
  );
}
