import type * as dynamic from "@pulumi/pulumi/dynamic";
import { serviceRef, type CloudService } from "../client/cloud";
import { ConflictError } from "../client/errors";
import { PollTimeout } from "../client/poll";
import type { Settings } from "../config";
import type { CheckFailure } from "../schemas/check-failures";
import { pipeSpec } from "../schemas/pipe";
import type { PipeInputs, PipeOutputs } from "../schemas/pipe-props";
import { pipeSourceCredentialFailures } from "../schemas/refinements/plain-credentials";
import { mergeSourceSecrets, sourceSecretsFailures } from "../schemas/pipe-secrets";
import { adoptable, fixedFieldsError } from "./adopt";
import { cachedCloudService } from "./service-cache";
import { isObj } from "./canonical";
import { checkInputs } from "./check-inputs";
import { gateCreate, type CreateProbe } from "./create-gate";
import { configure, engineSettings } from "./engine-settings";
import { connected, settingsFor } from "./connection";
import { diffResult, fieldChanges, type Diff } from "./field-diff";
import { orGone, readOrGone, readResult, updateUnlessGone } from "./gone";
import { pinServiceIds } from "./pin-service";
import { ResourceInitError } from "./init-error";
import {
  createPipe,
  deletePipe,
  listPipes,
  getPipe,
  patchPipe,
  patchScaling,
  pipeWhereabouts,
  pollPipe,
  putSettings,
  renameCreated,
  sendCommand,
} from "./pipe/api";
import { pipeDiff } from "./pipe/diff-rules";
import { pipeOutputs, refreshedOutputs, type ApiPipe } from "./pipe/outputs";
import { createBody, secretsOf } from "./pipe/request-body";
import { completedReplaces, isFailed, isSettled, isStoppedState, kindOf, loadsOnce } from "./pipe/states";
import { planUpdate } from "./pipe/update-plan";

const DEFAULT_WAIT_SECONDS = 600;

function service(props: PipeInputs): CloudService {
  const settings = settingsFor(props);
  return cachedCloudService(settings, serviceRef(settings, { organizationId: props.organizationId, serviceId: props.serviceId }));
}

function waitMs(props: PipeInputs): number {
  return (typeof props.waitTimeoutSeconds === "number" ? props.waitTimeoutSeconds : DEFAULT_WAIT_SECONDS) * 1000;
}

function timing(props: PipeInputs) {
  return { timeoutMs: waitMs(props), intervalMs: engineSettings().pollIntervalMs };
}

/** Waits until a new or changed pipe settles; `Failed` is an error carrying the API's reason. */
async function settle(svc: CloudService, pipe: ApiPipe, props: PipeInputs, what: string): Promise<ApiPipe> {
  const kind = kindOf(props);
  const done = (p: ApiPipe) => isSettled(kind, props, p.state) || isFailed(p.state);
  let current: ApiPipe | "gone" = pipe;
  if (!done(pipe)) {
    try {
      current = await pollPipe(svc, pipe.id, done, timing(props));
    } catch (err) {
      if (!(err instanceof PollTimeout)) throw err;
      throw initError(
        `pipe ${pipe.id} ${what} but did not settle within ${waitMs(props) / 1000} s (${err.message}); raise waitTimeoutSeconds or run \`pulumi up\` again`,
        pipe.id,
        pipeOutputs(err.last as ApiPipe, props),
        props,
      );
    }
  }
  if (current === "gone") throw new Error(`pipe ${pipe.id} ${what} but then disappeared`);
  if (isFailed(current.state)) {
    const reason = current.stateReason ? `: ${current.stateReason}` : "";
    throw initError(`pipe ${pipe.id} ${what} but is ${current.state}${reason}`, pipe.id, pipeOutputs(current, props), props);
  }
  return current;
}

function initError(message: string, id: string, outs: PipeOutputs, props: PipeInputs): ResourceInitError {
  return new ResourceInitError(message, id, { ...outs, __provider: props.__provider });
}

/** The port a database source listens on when the program leaves it out. */
const defaultPorts = { postgres: 5432, mysql: 3306 } as const;

/**
 * Fills in the API's own defaults (`destination.database` "default", postgres `port` 5432, mysql 3306), so
 * that leaving them out and reading them back is no change. Writes into `inputs`.
 */
export function fillDefaults(inputs: Record<string, unknown>): void {
  const destination = inputs.destination;
  if (isObj(destination) && destination.database === undefined) inputs.destination = { ...destination, database: "default" };
  for (const [kind, port] of Object.entries(defaultPorts)) {
    const current = inputs.source;
    if (isObj(current) && isObj(current[kind]) && current[kind].port === undefined) inputs.source = { ...current, [kind]: { ...current[kind], port } };
  }
}

/** The service a pipe lives in: its own `organizationId` / `serviceId`, else the configured one; the API's defaults filled in. */
function pinService(settings: Settings | undefined, inputs: Record<string, unknown>): CheckFailure[] {
  fillDefaults(inputs);
  return pinServiceIds(settings, inputs);
}

/** Validates a pipe, secrets merged back into its source, pins its service; a create then reads the pipe list once (see `nameFree`). */
export async function check(olds: PipeInputs, news: PipeInputs): Promise<dynamic.CheckResult<PipeInputs>> {
  const checked = checkInputs(news, {
    pin: pinService,
    schema: pipeSpec,
    spec: ({ sourceSecrets, ...rest }) => ({
      ...rest,
      source: mergeSourceSecrets(rest.source as PipeInputs["source"], sourceSecrets as PipeInputs["sourceSecrets"]) ?? rest.source,
    }),
    rules: (spec) => pipeSourceCredentialFailures((spec as { source?: unknown }).source),
  });
  // Not recursive: safe also beside a too-deep failure.
  const result = { ...checked, failures: [...(checked.failures ?? []), ...sourceSecretsFailures(news.source, news.sourceSecrets)] };
  return gateCreate(olds, result, nameFree);
}

/**
 * A create's gate: the pipe list the create reads before its POST, read in `check` (credentials
 * valid, route present). A taken name is not refused here: the engine checks a replacement again
 * with no old inputs, so a replacement looks like a create while its old pipe still holds the
 * name (deleted first); the create's own list, read after that delete, refuses a name held by
 * anyone else.
 */
const nameFree: CreateProbe<PipeInputs> = {
  needs: ["organizationId", "serviceId"],
  adopts: (inputs) => adoptIdOf(inputs, engineSettings().adopt) !== undefined,
  async probe(inputs) {
    await listPipes(service(inputs));
    return [];
  },
};

export async function diff(_id: string, olds: PipeOutputs, news: PipeInputs): Promise<Diff> {
  const changes = completedReplaces(olds.state, fieldChanges(olds, news, pipeDiff));
  // A dynamic provider cannot return a detailed diff; a diff of "unknown" makes the engine compare
  // the old and new inputs itself and mark the changed secret paths (values stay `[secret]`).
  if (credentialOnly(changes)) return { changes: undefined, replaces: [], deleteBeforeReplace: false, diffs: changes };
  return diffResult(changes, wouldCollide(olds, news));
}

/** Only credentials change (every change under `sourceSecrets`, all in place). */
export function credentialOnly(changes: readonly { path: string; kind: string }[]): boolean {
  return changes.length > 0 && changes.every((c) => c.path.startsWith("sourceSecrets") && c.kind !== "replace");
}

/**
 * Old and new pipe would collide (same name, consumer group or destination table): delete the
 * old one first, so two pipes never feed one table at once.
 */
export function wouldCollide(olds: PipeInputs, news: PipeInputs): boolean {
  const get = (o: unknown, ...p: string[]) => p.reduce<unknown>((n, k) => (isObj(n) ? n[k] : undefined), o);
  const sameService = olds.serviceId === news.serviceId && olds.organizationId === news.organizationId;
  if (!sameService) return false;
  if (olds.name === news.name) return true;
  const group = get(news, "source", "kafka", "consumerGroup");
  if (group !== undefined && group === get(olds, "source", "kafka", "consumerGroup")) return true;
  const table = (o: PipeInputs) => JSON.stringify([get(o, "destination", "database"), get(o, "destination", "table")]);
  return get(news, "destination", "table") !== undefined && table(olds) === table(news);
}

export async function create(inputs: PipeInputs): Promise<dynamic.CreateResult<PipeOutputs>> {
  const svc = service(inputs);
  const adoptId = adoptIdOf(inputs, engineSettings().adopt);
  if (adoptId) return adopt(svc, adoptId, inputs);
  const marked = !loadsOnce(inputs);
  const made = await createPipe(svc, createBody(inputs), secretsOf(inputs), marked);
  const rename = marked ? renameCreated(svc, made, String(inputs.name), timing(inputs)) : Promise.resolve(made);
  const created = await rename.catch((err: unknown) => {
    if (err instanceof ConflictError) throw err;
    // Ours, still under its temporary name: recorded, so the next `up` renames it (or `destroy` deletes it).
    const reason = err instanceof Error ? err.message : String(err);
    throw initError(
      `pipe ${made.id} was created, but giving it its name failed (${reason}); run \`pulumi up\` again`,
      made.id,
      pipeOutputs(made, inputs),
      inputs,
    );
  });
  let settled = await settle(svc, created, { ...inputs, stopped: undefined }, "was created");
  if (inputs.stopped === true) {
    await sendCommand(svc, created.id, "stop");
    settled = await settle(svc, await getPipe(svc, created.id), inputs, "was created and stopped");
  }
  return { id: created.id, outs: pipeOutputs(settled, inputs) };
}

/** The pipe to adopt: the resource's `adoptId`, else the one `pipestack:adopt` names for its pipe name. */
export function adoptIdOf(inputs: Pick<PipeInputs, "adoptId" | "name">, adopt: Record<string, string> | undefined): string | undefined {
  if (typeof inputs.adoptId === "string" && inputs.adoptId) return inputs.adoptId;
  return typeof inputs.name === "string" ? adopt?.[inputs.name] : undefined;
}

/**
 * Brings an existing pipe under management: it must exist, and may differ from the program only
 * in what can change in place (that is then applied). It is never replaced on adoption.
 */
async function adopt(svc: CloudService, id: string, inputs: PipeInputs): Promise<dynamic.CreateResult<PipeOutputs>> {
  const live = await adoptable("pipe", id, `in service ${svc.ref.serviceId}`, () => orGone(pipeWhereabouts(svc, id)));
  const current = pipeOutputs(live, inputs);
  const changes = fieldChanges(current, inputs, pipeDiff).filter((c) => !c.path.startsWith("sourceSecrets"));
  const fixed = changes.filter((c) => c.kind === "replace").map((c) => c.path);
  if (fixed.length) throw fixedFieldsError("pipe", id, fixed, current, inputs);
  const outs = await applyUpdate(svc, id, current, inputs);
  return { id, outs };
}

const isPaused = (p: ApiPipe | "gone") => p !== "gone" && (p.state === "Paused" || p.state === "Stopped");

/**
 * Runs `edit` with the pipe paused: stop, wait for `Paused`/`Stopped`, edit, start. The pipe is
 * started again also when the edit fails (a pipe we paused is never left paused); one that was
 * already paused before is left as it was.
 */
async function whilePaused(svc: CloudService, id: string, news: PipeInputs, edit: () => Promise<void>): Promise<void> {
  if (isPaused(await getPipe(svc, id))) return edit();
  await sendCommand(svc, id, "stop");
  let failure: Error | undefined;
  try {
    await pollPipe(svc, id, isPaused, timing(news));
    await edit();
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
  }
  try {
    await sendCommand(svc, id, "start");
  } catch (err) {
    if (failure === undefined) throw err;
    throw new Error(`${failure.message}; starting pipe ${id} again afterwards also failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (failure !== undefined) throw failure;
}

/**
 * A PATCH of table mappings retried while the API still answers `must be paused` (a pipe reads
 * `Paused` a moment before the API takes mapping edits), up to the pipe's wait time.
 */
async function patchWhenPaused(svc: CloudService, id: string, body: Record<string, unknown>, secrets: readonly string[], news: PipeInputs): Promise<void> {
  const deadline = Date.now() + waitMs(news);
  for (;;) {
    try {
      await patchPipe(svc, id, body, secrets);
      return;
    } catch (err) {
      if (!mustBePaused(err) || Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, engineSettings().pollIntervalMs));
    }
  }
}

/** The API's answer to a mapping edit of a pipe not (yet) paused. */
export function mustBePaused(err: unknown): boolean {
  return err instanceof Error && /must be paused/i.test(err.message);
}

async function applyUpdate(svc: CloudService, id: string, olds: PipeOutputs, news: PipeInputs): Promise<PipeOutputs> {
  const plan = planUpdate(olds, news, fieldChanges(olds, news, pipeDiff));
  const secrets = secretsOf(news);
  if (plan.patch) {
    const patch = plan.patch;
    if (plan.pause) {
      await whilePaused(svc, id, news, async () => {
        await patchWhenPaused(svc, id, patch, secrets, news);
        if (plan.readd) await patchWhenPaused(svc, id, plan.readd, [], news);
      });
    } else {
      await patchPipe(svc, id, patch, secrets);
    }
  }
  if (plan.settings) await putSettings(svc, id, plan.settings);
  if (plan.scaling) await patchScaling(svc, id, plan.scaling);
  for (const command of plan.commands) {
    // A resync right after a start waits until the pipe runs again.
    if (command === "resync" && plan.commands[0] === "start") await settle(svc, await getPipe(svc, id), { ...news, stopped: undefined }, "was started");
    // Old outputs may predate `stopped`: a start of a running pipe (or a stop of a stopped one) is refused, and not needed.
    if (command !== "resync" && isStoppedState((await getPipe(svc, id)).state) === (command === "stop")) continue;
    await sendCommand(svc, id, command);
  }
  const final = await settle(svc, await getPipe(svc, id), news, "was updated");
  // An unchanged credential keeps its old fingerprint: no change in state.
  return pipeOutputs(final, news, olds);
}

export async function update(id: string, olds: PipeOutputs, news: PipeInputs): Promise<dynamic.UpdateResult<PipeOutputs>> {
  const svc = service(news);
  const pipe = { ...pipeWhereabouts(svc, id), where: `in service ${svc.ref.serviceId}` };
  return { outs: await updateUnlessGone(pipe, () => applyUpdate(svc, id, olds, news)) };
}

/**
 * The live pipe; an empty id when it is gone. With no prior state (`props` empty) the outputs are
 * still whole: the service comes from configuration, the rest from the API.
 */
export async function read(id: string, props: PipeOutputs = {} as PipeOutputs): Promise<dynamic.ReadResult<PipeOutputs>> {
  const svc = service(props);
  const live = await readOrGone(pipeWhereabouts(svc, id));
  return readResult(id, live && refreshedOutputs(live, { ...svc.ref, ...props }));
}

/** Deletes the pipe and waits until the service no longer lists it (see `./gone`). */
export async function remove(id: string, props: PipeOutputs): Promise<void> {
  await deletePipe(service(props), id, timing(props));
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/pipe`). */
export const provider = connected<PipeInputs, PipeOutputs>({ configure, check, diff, create, read, update, delete: remove }) satisfies dynamic.ResourceProvider<
  PipeInputs,
  PipeOutputs
>;
