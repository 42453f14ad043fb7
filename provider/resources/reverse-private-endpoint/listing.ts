import type { Listing } from "../../engine/listing";
import { named } from "../../engine/named-call";
import { readAll } from "../../engine/list-reader";
import { cloudService, serviceRef } from "../../client/cloud";
import { formatPath } from "../../schemas/check-failures";
import { InvalidArgumentError } from "../../errors/operation-errors";
import { filterEndpoints, reversePrivateEndpoint, reversePrivateEndpointFilter, type ReversePrivateEndpoint } from "./record";
import { endpointList } from "./api";

// The endpoints' list function (`getReversePrivateEndpoints`), from which scripts/list-functions.js
// writes the program's function (its doc comment is theirs: the first `@example` the Promise
// form's, the second the Output form's) and the native plugin serves its invoke.
/**
 * Lists the reverse private endpoints of a service, filtered (`type`, `status`,
 * `descriptionContains`); `organizationId` and `serviceId` default to configuration. The Output
 * form's ids feed a Kafka source's `reversePrivateEndpointIds`.
 *
 * @example
 * const ready = await getReversePrivateEndpoints({ status: "Ready" });
 * @example
 * const ready = getReversePrivateEndpointsOutput({ status: "Ready" });
 * new Pipe("events", { source: { kafka: { ..., reversePrivateEndpointIds: ready.apply((l) => l.map((e) => e.id)) } }, ... });
 */
export const listing: Listing<typeof reversePrivateEndpointFilter, ReversePrivateEndpoint> = {
  name: "getReversePrivateEndpoints",
  args: reversePrivateEndpointFilter,
  item: reversePrivateEndpoint,
  async run(args, settings) {
    const { svc, filter } = named("getReversePrivateEndpoints", () => {
      const parsed = reversePrivateEndpointFilter.safeParse(args);
      if (!parsed.success) {
        const i = parsed.error.issues[0];
        throw new InvalidArgumentError(`${formatPath(i.path)} ${i.message}`);
      }
      const s = settings();
      return { svc: cloudService(s, serviceRef(s, parsed.data)), filter: parsed.data };
    });
    const endpoints = await readAll(endpointList(svc));
    return filterEndpoints(
      endpoints.map((e) => reversePrivateEndpoint.parse(e)),
      filter,
    );
  },
};
