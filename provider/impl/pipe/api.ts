import { ConflictError } from "../../client/errors";
import type { PollOptions } from "../../client/poll";
import { createOnce, isoStamp } from "../create-once";
import { deleteUntilGone, pollOrGone, type Whereabouts } from "../gone";
import { path } from "../../client/paths";
import type { CloudService } from "../../client/cloud";
import { pipeRecord, type ApiPipe } from "../../schemas/pipe-record";
import { parsed } from "../parse-answer";

/** The pipe endpoints, one function each, on one service. */

const pipes = (svc: CloudService) => `${svc.basePath}${path("pipes")}`;
const pipeUrl = (svc: CloudService, id: string) => `${svc.basePath}${path("pipes", id)}`;

export async function getPipe(svc: CloudService, id: string): Promise<ApiPipe> {
  return parsed(pipeRecord, await svc.client.get(pipeUrl(svc, id)), `GET pipes/${id}`);
}

/**
 * Creates a pipe without ever creating two and without taking over another's (see
 * {@link createOnce}). `sameAsSent` tells whether a listed pipe has every field of the body.
 * A name already taken fails naming the pipe that holds it and how to adopt it on purpose.
 */
export function createPipe(
  svc: CloudService,
  body: Record<string, unknown>,
  secrets: readonly string[],
  sameAsSent: (p: ApiPipe) => boolean,
): Promise<ApiPipe> {
  const name = String(body.name);
  return createOnce<ApiPipe>(
    {
      what: "pipe",
      post: async ({ budget, clock }) =>
        parsed(pipeRecord, await svc.client.request({ method: "POST", path: pipes(svc), body, secrets, budget, clock }), "POST pipes"),
      list: async ({ budget, clock }) =>
        ((await svc.client.request<unknown[]>({ method: "GET", path: pipes(svc), budget, clock })) ?? []).map((p) => parsed(pipeRecord, p, "GET pipes")),
      id: (p) => p.id,
      createdAt: (p) => isoStamp(p.createdAt),
      sameAsSent,
      howToAdopt: (id) => adoptPipeHint(name, id),
      conflict: (err, listed) => {
        const holder = listed.find((p) => p.name === name);
        if (!holder) return err;
        return new ConflictError({
          ...err,
          detail: `${err.detail}; the name ${JSON.stringify(name)} is taken by pipe ${holder.id}${holder.createdAt ? ` (created ${holder.createdAt})` : ""}, which this create did not make. If it is this resource's (for example from an interrupted \`pulumi up\`), ${adoptPipeHint(name, holder.id)}; otherwise give this pipe another name`,
        });
      },
    },
    svc.client.retryPolicy,
  );
}

/** How to adopt the pipe `id` for the resource whose pipe is named `name`. */
export function adoptPipeHint(name: string, id: string): string {
  return `adopt it with \`pulumi config set --path 'pipestack:adopt[${JSON.stringify(name)}]' ${id}\` (or \`adoptId: "${id}"\` in the resource's arguments), then run \`pulumi up\` again`;
}

export function patchPipe(svc: CloudService, id: string, body: Record<string, unknown>, secrets: readonly string[]): Promise<ApiPipe> {
  return svc.client.request<ApiPipe>({ method: "PATCH", path: pipeUrl(svc, id), body, secrets });
}

export function putSettings(svc: CloudService, id: string, settings: Record<string, unknown>): Promise<unknown> {
  return svc.client.request({ method: "PUT", path: `${pipeUrl(svc, id)}${path("settings")}`, body: settings });
}

export function patchScaling(svc: CloudService, id: string, scaling: Record<string, unknown>): Promise<unknown> {
  return svc.client.request({ method: "PATCH", path: `${pipeUrl(svc, id)}${path("scaling")}`, body: scaling });
}

export function sendCommand(svc: CloudService, id: string, command: "start" | "stop" | "resync"): Promise<unknown> {
  return svc.client.request({ method: "PATCH", path: `${pipeUrl(svc, id)}${path("state")}`, body: { command } });
}

/** The pipe `id` and its service's pipe list, for the read-or-gone rule (see `../gone`). */
export function pipeWhereabouts(svc: CloudService, id: string): Whereabouts<ApiPipe> {
  return { noun: "pipe", id, client: svc.client, collection: pipes(svc), get: () => getPipe(svc, id) };
}

/**
 * Deletes a pipe and waits until the service's pipe list lacks it; one already gone counts as
 * deleted, a wrong URL does not. Fails naming the state it is still in when time runs out.
 */
export function deletePipe(svc: CloudService, id: string, opts: PollOptions): Promise<void> {
  return deleteUntilGone(
    pipeWhereabouts(svc, id),
    () => svc.client.request({ method: "DELETE", path: pipeUrl(svc, id) }),
    opts,
    (p) => p.state,
  );
}

/**
 * Polls the pipe until `done` says so, or it is gone (`gone`). Throws a `PollTimeout` with the
 * last pipe read and its state when time runs out.
 */
export function pollPipe(svc: CloudService, id: string, done: (p: ApiPipe) => boolean, opts: PollOptions): Promise<ApiPipe | "gone"> {
  return pollOrGone(pipeWhereabouts(svc, id), done, opts, (p) => p.state);
}
