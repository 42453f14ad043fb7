import * as pulumi from "@pulumi/pulumi";
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
import { programSettings } from "./program-settings";

export type GetReversePrivateEndpointsArgs = ArgsOf<ReversePrivateEndpointFilter>;

/**
 * Lists the reverse private endpoints of a service, filtered, as an Output: its ids feed a Kafka
 * source's `reversePrivateEndpointIds`.
 *
 * @example
 * const ready = getReversePrivateEndpoints({ status: "Ready" });
 * new Pipe("events", { source: { kafka: { ..., reversePrivateEndpointIds: ready.apply((l) => l.map((e) => e.id)) } }, ... });
 */
export function getReversePrivateEndpoints(args: GetReversePrivateEndpointsArgs = {}): pulumi.Output<ReversePrivateEndpoint[]> {
  return pulumi.output(args).apply(async (raw) => {
    const parsed = reversePrivateEndpointFilter.safeParse(raw);
    if (!parsed.success) {
      const i = parsed.error.issues[0]!;
      throw new Error(`getReversePrivateEndpoints: ${formatPath(i.path)} ${i.message}`);
    }
    const settings = programSettings();
    const svc = cloudService(settings, serviceRef(settings, parsed.data));
    const list = (await svc.client.get<unknown[]>(`${svc.basePath}${path("pipesReversePrivateEndpoints")}`)) ?? [];
    const endpoints = list.map((e) => reversePrivateEndpoint.parse(e));
    return filterEndpoints(endpoints, parsed.data);
  });
}
