import { ConflictError, isNotFound } from "../../client/errors";
import { createOnce, isoStamp } from "../create-once";
import { path } from "../../client/paths";
import type { CloudService } from "../../client/cloud";
import type { ApiPipe } from "./project";

/** The pipe endpoints, one function each, on one service. */

const pipes = (svc: CloudService) => `${svc.prefix}${path("pipes")}`;
const pipeUrl = (svc: CloudService, id: string) => `${svc.prefix}${path("pipes", id)}`;

export function getPipe(svc: CloudService, id: string): Promise<ApiPipe> {
  return svc.client.get<ApiPipe>(pipeUrl(svc, id));
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
      post: ({ budget, clock }) => svc.client.request<ApiPipe>({ method: "POST", path: pipes(svc), body, secrets, budget, clock }),
      list: async ({ budget, clock }) => (await svc.client.request<ApiPipe[]>({ method: "GET", path: pipes(svc), budget, clock })) ?? [],
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

/** Deletes a pipe; a pipe that is already gone counts as deleted. */
export async function deletePipe(svc: CloudService, id: string): Promise<void> {
  try {
    await svc.client.request({ method: "DELETE", path: pipeUrl(svc, id) });
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
}

export interface PollOptions {
  timeoutMs: number;
  /** First wait; later waits double up to 5 s. */
  intervalMs: number;
}

/**
 * Polls the pipe until `done` says so. Returns the last answer, or throws on timeout with the
 * last state seen. `gone` is returned when the pipe disappears (a JSON 404).
 */
export async function pollPipe(
  svc: CloudService,
  id: string,
  done: (p: ApiPipe) => boolean,
  opts: PollOptions,
): Promise<ApiPipe | "gone"> {
  const deadline = Date.now() + opts.timeoutMs;
  let wait = opts.intervalMs;
  for (;;) {
    let current: ApiPipe;
    try {
      current = await getPipe(svc, id);
    } catch (err) {
      if (isNotFound(err)) return "gone";
      throw err;
    }
    if (done(current)) return current;
    if (Date.now() + wait > deadline) {
      throw new PollTimeout(current);
    }
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(5_000, wait * 2);
  }
}

export class PollTimeout extends Error {
  constructor(readonly last: ApiPipe) {
    super(`still ${last.state ?? "in an unknown state"}`);
  }
}
