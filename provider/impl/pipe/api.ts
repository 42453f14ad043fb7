import { ConflictError, isNotFound, mayHaveBeenApplied } from "../../client/errors";
import { pollUntil, type PollOptions } from "../../client/poll";
import { goneIsDone, orGone } from "../gone";
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

/** The pipe of that name in the service, if any (names are unique per service). */
export async function findPipeByName(svc: CloudService, name: string): Promise<ApiPipe | undefined> {
  const list = (await svc.client.get<ApiPipe[]>(pipes(svc))) ?? [];
  return list.find((p) => p.name === name);
}

/**
 * Creates a pipe without ever creating two. A POST is not retried blindly: after an answer that
 * leaves it open whether the pipe was made (5xx, lost connection, gateway timeout), the pipe is
 * looked up by name first, and only a pipe that is not there is asked for again.
 */
export async function createPipe(
  svc: CloudService,
  body: Record<string, unknown>,
  secrets: readonly string[],
  attempts: number,
): Promise<ApiPipe> {
  const name = String(body.name);
  let last: unknown;
  for (let attempt = 0; attempt <= attempts; attempt++) {
    try {
      return await svc.client.request<ApiPipe>({ method: "POST", path: pipes(svc), body, secrets });
    } catch (err) {
      last = err;
      // A conflict after an ambiguous attempt is most likely our own earlier POST.
      const mayExist = mayHaveBeenApplied(err) || (attempt > 0 && err instanceof ConflictError);
      if (!mayExist) throw err;
      const found = await findPipeByName(svc, name);
      if (found) return found;
      if (err instanceof ConflictError) throw err;
    }
  }
  throw last;
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
export function deletePipe(svc: CloudService, id: string): Promise<void> {
  return goneIsDone(() => svc.client.request({ method: "DELETE", path: pipeUrl(svc, id) }), isNotFound);
}

/** The pipe, or `gone` when it is not there (a JSON 404). */
export async function readPipe(svc: CloudService, id: string): Promise<ApiPipe | "gone"> {
  return (await orGone(() => getPipe(svc, id), isNotFound)) ?? "gone";
}

/**
 * Polls the pipe until `done` says so, or it disappears (`gone`). Throws a `PollTimeout` with the
 * last pipe read and its state when time runs out.
 */
export function pollPipe(svc: CloudService, id: string, done: (p: ApiPipe) => boolean, opts: PollOptions): Promise<ApiPipe | "gone"> {
  return pollUntil(
    () => readPipe(svc, id),
    (p) => p === "gone" || done(p),
    opts,
    (last) => `still ${(last !== "gone" && last.state) || "in an unknown state"}`,
  );
}
