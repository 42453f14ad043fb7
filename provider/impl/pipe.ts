import type * as dynamic from "@pulumi/pulumi/dynamic";
import { serviceRef, type CloudService } from "../client/cloud";
import { isNotFound } from "../client/errors";
import { validate, type CheckFailure } from "../schemas/check-failures";
import { pipeSpec } from "../schemas/pipe";
import { mergeSourceSecrets } from "../schemas/pipe-secrets";
import { checkSettings, configure, engineSettings } from "./engine-settings";
import { fieldChanges, replacePaths, type DiffTable } from "./field-diff";
import { ResourceInitError } from "./init-error";
import { cachedCloudService } from "./service-cache";
import { createPipe, deletePipe, getPipe, patchPipe, patchScaling, pollPipe, PollTimeout, putSettings, sendCommand } from "./pipe/api";
import { pipeContainers, pipeRules } from "./pipe/diff-rules";
import { isObj } from "./canonical";
import { projectPipe, type ApiPipe } from "./pipe/project";
import { createBody, isFailed, isSettled, kindOf, secretsOf } from "./pipe/request-body";
import { planUpdate } from "./pipe/update-plan";

type Obj = Record<string, unknown>;
const PROVIDER_KEY = "__provider";

export const pipeDiffTable: DiffTable = {
  rules: pipeRules,
  containers: pipeContainers,
  // adoptId only says where the pipe came from: changing or dropping it changes nothing.
  ignore: ["state", "stateReason", "createdAt", "updatedAt", "adoptId"],
};

const DEFAULT_WAIT_SECONDS = 600;

function service(props: Obj): CloudService {
  const settings = engineSettings();
  return cachedCloudService(settings, serviceRef(settings, { organizationId: props.organizationId as string, serviceId: props.serviceId as string }));
}

function waitMs(props: Obj): number {
  return (typeof props.waitTimeoutSeconds === "number" ? props.waitTimeoutSeconds : DEFAULT_WAIT_SECONDS) * 1000;
}

/** Waits until a new or changed pipe settles; `Failed` is an error carrying the API's reason. */
async function settle(svc: CloudService, pipe: ApiPipe, props: Obj, what: string): Promise<ApiPipe> {
  const kind = kindOf(props);
  const done = (p: ApiPipe) => isSettled(kind, props, p.state) || isFailed(p.state);
  let current: ApiPipe | "gone" = pipe;
  if (!done(pipe)) {
    try {
      current = await pollPipe(svc, pipe.id, done, { timeoutMs: waitMs(props), intervalMs: engineSettings().pollIntervalMs });
    } catch (err) {
      if (!(err instanceof PollTimeout)) throw err;
      throw initError(
        `pipe ${pipe.id} ${what} but did not settle within ${waitMs(props) / 1000} s (${err.message}); raise waitTimeoutSeconds or run \`pulumi up\` again`,
        pipe.id,
        projectPipe(err.last, props),
        props,
      );
    }
  }
  if (current === "gone") throw new Error(`pipe ${pipe.id} ${what} but then disappeared`);
  if (isFailed(current.state)) {
    const reason = current.stateReason ? `: ${current.stateReason}` : "";
    throw initError(`pipe ${pipe.id} ${what} but is ${current.state}${reason}`, pipe.id, projectPipe(current, props), props);
  }
  return current;
}

function initError(message: string, id: string, outs: Obj, props: Obj): ResourceInitError {
  return new ResourceInitError(message, id, { ...outs, [PROVIDER_KEY]: props[PROVIDER_KEY] });
}

export async function check(_olds: Obj, news: Obj): Promise<dynamic.CheckResult> {
  const inputs: Obj = { ...news };
  const failures: CheckFailure[] = [];
  const settings = checkSettings(failures);
  for (const key of ["organizationId", "serviceId"] as const) {
    if (inputs[key] === undefined || inputs[key] === null) inputs[key] = settings?.[key];
    if (inputs[key] === undefined) {
      failures.push({ property: key, reason: `is not set: pass ${key}, or set \`pulumi config set pipestack:${key} <value>\` or PIPESTACK_${key === "organizationId" ? "ORGANIZATION_ID" : "SERVICE_ID"}` });
    }
  }
  for (const k of Object.keys(inputs)) if (inputs[k] === undefined) delete inputs[k];
  const { [PROVIDER_KEY]: _p, sourceSecrets, ...rest } = inputs;
  const spec = { ...rest, source: mergeSourceSecrets(rest.source as Obj, sourceSecrets as Obj) ?? rest.source };
  const result = validate(pipeSpec, spec);
  if (!result.ok) failures.push(...result.failures);
  return { inputs, failures };
}

export async function diff(_id: string, olds: Obj, news: Obj): Promise<dynamic.DiffResult> {
  const changes = fieldChanges(olds, news, pipeDiffTable);
  const replaces = replacePaths(changes);
  return {
    changes: changes.length > 0,
    replaces,
    deleteBeforeReplace: replaces.length > 0 && wouldCollide(olds, news),
  };
}

/**
 * Old and new pipe would collide (same name, consumer group or destination table): delete the
 * old one first, so two pipes never feed one table at once.
 */
export function wouldCollide(olds: Obj, news: Obj): boolean {
  const get = (o: Obj, ...p: string[]) => p.reduce<unknown>((n, k) => (isObj(n) ? n[k] : undefined), o);
  const sameService = olds.serviceId === news.serviceId && olds.organizationId === news.organizationId;
  if (!sameService) return false;
  if (olds.name === news.name) return true;
  const group = get(news, "source", "kafka", "consumerGroup");
  if (group !== undefined && group === get(olds, "source", "kafka", "consumerGroup")) return true;
  const table = (o: Obj) => `${get(o, "destination", "database")}.${get(o, "destination", "table")}`;
  return get(news, "destination", "table") !== undefined && table(olds) === table(news);
}

export async function create(inputs: Obj): Promise<dynamic.CreateResult> {
  const svc = service(inputs);
  if (typeof inputs.adoptId === "string" && inputs.adoptId) return adopt(svc, inputs.adoptId, inputs);
  const created = await createPipe(svc, createBody(inputs), secretsOf(inputs), svc.client.retryPolicy.maxRetries);
  const settled = await settle(svc, created, inputs, "was created");
  return { id: created.id, outs: projectPipe(settled, inputs) };
}

/**
 * Brings an existing pipe under management: it must exist, and may differ from the program only
 * in what can change in place (that is then applied). It is never replaced on adoption.
 */
async function adopt(svc: CloudService, id: string, inputs: Obj): Promise<dynamic.CreateResult> {
  let live: ApiPipe;
  try {
    live = await getPipe(svc, id);
  } catch (err) {
    if (isNotFound(err)) throw new Error(`adoptId: no pipe ${id} in service ${svc.ref.serviceId} to adopt`);
    throw err;
  }
  const current = projectPipe(live, inputs);
  const changes = fieldChanges(current, inputs, pipeDiffTable).filter((c) => !c.path.startsWith("sourceSecrets"));
  const fixed = changes.filter((c) => c.kind === "replace").map((c) => c.path);
  if (fixed.length) {
    throw new Error(`adoptId: pipe ${id} differs from the program in fields fixed at creation: ${fixed.join(", ")}; make the program match the live pipe`);
  }
  const outs = await applyUpdate(svc, id, current, inputs);
  return { id, outs };
}

async function applyUpdate(svc: CloudService, id: string, olds: Obj, news: Obj): Promise<Obj> {
  const changes = fieldChanges(olds, news, pipeDiffTable);
  const plan = planUpdate(olds, news, changes);
  const secrets = secretsOf(news);
  const timing = { timeoutMs: waitMs(news), intervalMs: engineSettings().pollIntervalMs };
  if (plan.patch) {
    if (plan.pause) {
      await sendCommand(svc, id, "stop");
      await pollPipe(svc, id, (p) => p.state === "Paused" || p.state === "Stopped", timing);
      await patchPipe(svc, id, plan.patch, secrets);
      await sendCommand(svc, id, "start");
    } else {
      await patchPipe(svc, id, plan.patch, secrets);
    }
  }
  if (plan.settings) await putSettings(svc, id, plan.settings);
  if (plan.scaling) await patchScaling(svc, id, plan.scaling);
  const final = await settle(svc, await getPipe(svc, id), news, "was updated");
  return projectPipe(final, news);
}

export async function update(id: string, olds: Obj, news: Obj): Promise<dynamic.UpdateResult> {
  return { outs: await applyUpdate(service(news), id, olds, news) };
}

export async function read(id: string, props: Obj): Promise<dynamic.ReadResult> {
  try {
    const live = await getPipe(service(props), id);
    return { id, props: projectPipe(live, props) };
  } catch (err) {
    if (isNotFound(err)) return { id: "", props: {} };
    throw err;
  }
}

export async function remove(id: string, props: Obj): Promise<void> {
  const svc = service(props);
  await deletePipe(svc, id);
  try {
    await pollPipe(svc, id, () => false, { timeoutMs: waitMs(props), intervalMs: engineSettings().pollIntervalMs });
  } catch (err) {
    if (err instanceof PollTimeout) throw new Error(`pipe ${id} was deleted but is ${err.message} after ${waitMs(props) / 1000} s`);
    throw err;
  }
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/pipe`). */
export const provider = { configure, check, diff, create, read, update, delete: remove };
