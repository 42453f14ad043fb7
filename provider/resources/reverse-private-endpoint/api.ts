import type { PollOptions } from "../../client/poll";
import { path } from "../../client/paths";
import type { CloudService } from "../../client/cloud";
import { reversePrivateEndpoint, type ReversePrivateEndpoint } from "./record";
import { createOnce } from "../../engine/create-once";
import { deleteUntilGone, type Whereabouts } from "../../engine/gone";
import { parsed, parsedOne } from "../../engine/parse-answer";
import { freshList, noteChange, snapshot, type Collection } from "../../engine/shared-list";

/** The reverse private endpoint requests, one function each, on one service. */

const endpoints = (svc: CloudService) => `${svc.basePath}${path("pipesReversePrivateEndpoints")}`;
const endpointUrl = (svc: CloudService, id: string) => `${svc.basePath}${path("pipesReversePrivateEndpoints", id)}`;
/** The service's endpoint list: one unpaginated answer, shared by the run (see `../shared-list`). */
export const endpointList = (svc: CloudService): Collection => ({ client: svc.client, path: endpoints(svc) });
const parsedAll = (listed: unknown[]) => listed.map((e) => parsed(reversePrivateEndpoint, e, "GET pipesReversePrivateEndpoints"));

export async function getEndpoint(svc: CloudService, id: string): Promise<ReversePrivateEndpoint> {
  return parsedOne(reversePrivateEndpoint, await svc.client.get(endpointUrl(svc, id)), `GET pipesReversePrivateEndpoints/${id}`, id);
}

/** How to adopt the endpoint `id` on purpose. */
function adoptEndpointHint(id: string): string {
  return `adopt it with \`adoptId: "${id}"\` in the resource's arguments, then run \`pulumi up\` again`;
}

/**
 * Creates an endpoint without ever creating two and without ever recording another's (see
 * {@link createOnce}). No field of an endpoint can carry a create's marker (only the DNS mappings
 * change in place), so the list as the run read it is taken before the POST: after an ambiguous failure, a listed
 * endpoint that matches and was not there before is reported, never taken; if none appeared, the
 * POST is sent again.
 */
export async function createEndpoint(
  svc: CloudService,
  body: Record<string, unknown>,
  sameAsSent: (e: ReversePrivateEndpoint) => boolean,
): Promise<ReversePrivateEndpoint> {
  const made = await createOnce<ReversePrivateEndpoint>(
    {
      what: "reverse private endpoint",
      post: async ({ budget }) =>
        parsed(reversePrivateEndpoint, await svc.client.request({ method: "POST", path: endpoints(svc), body, budget }), "POST pipesReversePrivateEndpoints"),
      list: async ({ budget }) => parsedAll(await freshList(endpointList(svc), budget)),
      // What existed before: the run's list (an older one only makes more endpoints count as new, reported and never taken).
      known: async () => parsedAll(await snapshot(endpointList(svc))),
      id: (e) => e.id,
      sameAsSent,
      howToAdopt: adoptEndpointHint,
    },
    svc.client,
  );
  noteChange(endpointList(svc), made.id, made);
  return made;
}

/** PATCH with what the reference lets change: `customPrivateDnsMappings`, the whole list. */
export async function patchEndpoint(svc: CloudService, id: string, body: Record<string, unknown>): Promise<ReversePrivateEndpoint> {
  return parsedOne(
    reversePrivateEndpoint,
    await svc.client.request({ method: "PATCH", path: endpointUrl(svc, id), body }),
    `PATCH pipesReversePrivateEndpoints/${id}`,
    id,
  );
}

/** The endpoint `id` and its service's endpoint list, for the read-or-gone rule (see `../gone`). */
export function endpointWhereabouts(svc: CloudService, id: string): Whereabouts<ReversePrivateEndpoint> & { where: string } {
  return {
    noun: "reverse private endpoint",
    id,
    client: svc.client,
    collection: endpoints(svc),
    paged: false,
    get: () => getEndpoint(svc, id),
    where: `in service ${svc.ref.serviceId}`,
  };
}

/**
 * Deletes the endpoint and waits until the service's list lacks it (it reads `Deleting` first);
 * one already gone counts as deleted, a wrong URL does not.
 */
export function deleteEndpoint(svc: CloudService, id: string, opts: PollOptions): Promise<void> {
  return deleteUntilGone(
    endpointWhereabouts(svc, id),
    () => svc.client.request({ method: "DELETE", path: endpointUrl(svc, id) }),
    opts,
    (e) => e.status,
  );
}
