import { addedTo, ConflictError } from "../../errors";
import type { PollOptions } from "../../client/poll";
import { createMarker, createOnce, isMarker } from "../../engine/create-once";
import { deleteUntilGone, pollOrGone, type Whereabouts } from "../../engine/gone";
import { path } from "../../client/paths";
import type { CloudService } from "../../client/cloud";
import { pipeRecord, type ApiPipe } from "./record";
import { parsed, parsedOne } from "../../engine/parse-answer";
import { isObj } from "../../engine/canonical";
import { freshList, noteChange, snapshot, type Collection } from "../../engine/shared-list";
import { takenMeanwhile, type NameHolder } from "../../engine/name-holder";

/** The pipe endpoints, one function each, on one service. */

const pipes = (svc: CloudService) => `${svc.basePath}${path("pipes")}`;
const pipeUrl = (svc: CloudService, id: string) => `${svc.basePath}${path("pipes", id)}`;
/** The service's pipe list: one unpaginated answer. */
const pipeList = (svc: CloudService): Collection => ({ client: svc.client, path: pipes(svc) });

export async function getPipe(svc: CloudService, id: string): Promise<ApiPipe> {
  return parsedOne(pipeRecord, await svc.client.get(pipeUrl(svc, id)), `GET pipes/${id}`, id);
}

/** The name a pipe carries from its POST until the rename right after: its own name (cut to 200 characters) and the create's marker. */
export function temporaryName(name: string, marker: string): string {
  return `${name.slice(0, 200)}--${marker}`;
}

/** True when `held` is the temporary name some create of the pipe `name` gave (one left by an interrupted create). */
export function isTemporaryNameOf(name: string, held: string): boolean {
  const prefix = `${name.slice(0, 200)}--`;
  return held.startsWith(prefix) && isMarker(held.slice(prefix.length));
}

/**
 * The listed pipes that hold `name` or a temporary name of it, parsed: every use of a create's
 * list (a name taken before, this create's marker, the holder in a conflict) is about those. The
 * others are not parsed: a 200-pipe `up` parsed some 20,000 of them, about 0.3 s of CPU.
 */
function pipesNamed(listed: unknown[] | undefined, name: string): ApiPipe[] {
  const relevant = (p: unknown) => {
    const held = nameOf(p);
    return held !== undefined && (held === name || isTemporaryNameOf(name, held));
  };
  return (listed ?? []).filter(relevant).map((p) => parsed(pipeRecord, p, "GET pipes"));
}

/** The name a listed pipe holds, read before the pipe is parsed. */
function nameOf(p: unknown): string | undefined {
  return isObj(p) && typeof p.name === "string" ? p.name : undefined;
}

/** The listed pipe that holds `name`, or a temporary name of it. */
function holderOf(listed: readonly ApiPipe[], name: string): ApiPipe | undefined {
  return listed.find((p) => p.name === name) ?? listed.find((p) => isTemporaryNameOf(name, p.name ?? ""));
}

/**
 * Creates a pipe without ever creating two and without ever recording another's (see
 * {@link createOnce}): the pipe list as this run read it (shared, see `../shared-list`; read again
 * before refusing) must not hold the name or a temporary name of it (else the create fails naming
 * that pipe), then the POST sends a temporary name unique to this create, the marker that proves
 * after an ambiguous failure which pipe is this create's. The caller renames it
 * ({@link renameCreated}): a name taken after the run's read meets that rename's 409. `marked:
 * false` sends the pipe's own name instead (see {@link loadsOnce}).
 */
export async function createPipe(svc: CloudService, body: Record<string, unknown>, secrets: readonly string[], marked = true): Promise<ApiPipe> {
  const name = String(body.name);
  // Unmarked (a pipe that loads once, see `loadsOnce`): its own name, and no proof after an
  // ambiguous failure: a pipe of that name that was not there before is reported, never taken.
  const temporary = marked ? temporaryName(name, createMarker()) : name;
  const made = await createOnce<ApiPipe>(
    {
      what: "pipe",
      post: async ({ budget }) =>
        parsed(pipeRecord, await svc.client.request({ method: "POST", path: pipes(svc), body: { ...body, name: temporary }, secrets, budget }), "POST pipes"),
      list: async ({ budget }) => pipesNamed(await freshList(pipeList(svc), budget), name),
      known: async () => pipesNamed(await snapshot(pipeList(svc)), name),
      id: (p) => p.id,
      ...(marked ? { carriesMarker: (p: ApiPipe) => p.name === temporary } : { sameAsSent: (p: ApiPipe) => p.name === name }),
      names: { post: `POST ${pipes(svc)}`, holder: (listed) => described(name, holderOf(listed, name)) },
      howToAdopt: (id) => adoptPipeHint(name, id),
    },
    svc.client,
  );
  noteChange(pipeList(svc), made.id, made);
  return made;
}

/**
 * The pipe that holds `name` (or a temporary name of it) in the service's pipe list, only the
 * pipes named like it parsed ({@link pipesNamed}): the run's snapshot of the list (one read per
 * provider process, shared by every gate, see `../shared-list`), or with `fresh` a read of its own
 * (before refusing on what the snapshot says). The create gate needs the answer (credentials
 * valid, route present) and the holder.
 */
export async function listedHolder(svc: CloudService, name: string, fresh = false): Promise<ApiPipe | undefined> {
  const listed = await (fresh ? freshList(pipeList(svc)) : snapshot(pipeList(svc)));
  return holderOf(pipesNamed(listed, name), name);
}

/** The pipe holding `name` as the engine's messages describe it (see `engine/name-holder.ts`): its name is unique per service. */
export function pipeHolder(name: string, holder: ApiPipe): NameHolder {
  return {
    noun: "pipe",
    id: holder.id,
    name,
    held: holder.name ?? undefined,
    createdAt: holder.createdAt,
    where: "",
    howToAdopt: adoptPipeHint(name, holder.id),
  };
}

const described = (name: string, holder: ApiPipe | undefined) => holder && pipeHolder(name, holder);

/**
 * Gives the pipe this create made (under its temporary name) its own name: one PATCH. When
 * another pipe took the name meanwhile (409), this create's pipe (provably its own: it carries
 * the marker) is deleted again, so nothing is left half-made, and the create fails naming the
 * other, never adopting it. `opts` bounds the wait for that deletion.
 */
export async function renameCreated(svc: CloudService, made: ApiPipe, name: string, opts: PollOptions): Promise<ApiPipe> {
  try {
    const renamed = parsedOne(pipeRecord, await patchPipe(svc, made.id, { name }, []), `PATCH pipes/${made.id}`, made.id);
    noteChange(pipeList(svc), renamed.id, renamed);
    return renamed;
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    const holder = holderOf(
      pipesNamed(await freshList(pipeList(svc)), name).filter((p) => p.id !== made.id),
      name,
    );
    await deletePipe(svc, made.id, opts).catch((failed: unknown) => {
      const why = failed instanceof Error ? failed.message : String(failed);
      throw addedTo(
        failed,
        `${err.message}; another pipe took the name ${JSON.stringify(name)} while this create ran, and deleting the pipe this create made (${made.id}) failed: ${why}`,
      );
    });
    const other = holder
      ? takenMeanwhile(pipeHolder(name, holder))
      : `another pipe took the name ${JSON.stringify(name)} while this create ran (another stack or program creating the same pipe at the same moment, or after this run read the pipe list)`;
    throw new ConflictError({ ...err, detail: `${err.detail}; the pipe this create made (${made.id}) was deleted again; ${other}` });
  }
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
export function pipeWhereabouts(svc: CloudService, id: string): Whereabouts<ApiPipe> & { where: string } {
  return { noun: "pipe", id, client: svc.client, collection: pipes(svc), paged: false, get: () => getPipe(svc, id), where: `in service ${svc.ref.serviceId}` };
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
 * Polls the pipe until `done` says so, or it is gone (`gone`). Throws a `PollTimeoutError` with the
 * last pipe read and its state when time runs out.
 */
export function pollPipe(svc: CloudService, id: string, done: (p: ApiPipe) => boolean, opts: PollOptions): Promise<ApiPipe | "gone"> {
  return pollOrGone(pipeWhereabouts(svc, id), done, opts, (p) => p.state);
}
