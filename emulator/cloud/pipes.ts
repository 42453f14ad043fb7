/**
 * Pipe routes: list, create, read, update, delete, settings, scaling and state commands.
 * Bodies pass the OpenAPI request schema first, then the contract's and notes' rules.
 */
import { randomUUID } from "node:crypto";
import { SERVICE_PREFIX, type App } from "../app";
import { objectBody, type JsonObject } from "../http/body";
import { param, type RequestContext } from "../http/context";
import { badRequest, conflict, notFound, refuseProblems } from "../http/errors";
import type { Router } from "../router";
import { validateRequest, type RequestSchema } from "./openapi";
import { checkPipePost, SCALING_KINDS_ONLY, scalingProblems, settingsProblems, withoutNulls } from "./pipe-rules";
import { conflictWith } from "./pipe-conflicts";
import { applyCommand, completedRefusal, markDeleted, startLifecycle, type PipeCommand } from "./pipe-lifecycle";
import { SCALABLE_KINDS, STREAMING_KINDS, isDeleting, newStoredPipe, type StoredPipe } from "./pipe-model";
import { planPatch } from "./pipe-update";
import { DEFAULT_SCALING, pipeView, settingsView } from "./pipe-view";
import { serviceRoute } from "./guard";
import type { ServiceRecord } from "./services";

/** A one-off pipe that has finished takes no more changes (its state commands still work). */
function refuseIfCompleted(pipe: StoredPipe): void {
  const refusal = completedRefusal(pipe);
  if (refusal) throw badRequest(refusal);
}

const PIPES = `${SERVICE_PREFIX}/pipes`;
const PIPE = `${PIPES}/{pipeId}`;

/** The body as an object that passed `schema`, or the 400 listing every problem. */
function validBody(ctx: RequestContext, schema: RequestSchema): JsonObject {
  const body = objectBody(ctx.body);
  refuseProblems(validateRequest(schema, body));
  return body;
}

/** Schema problems and rule problems together, so one answer lists everything to fix. */
function allProblems(schemaProblems: readonly string[], ruleProblems: readonly string[]): string[] {
  return [...new Set([...schemaProblems, ...ruleProblems])];
}

/** `updatedAt` moves on every change, even two changes within one millisecond. */
function touch(pipe: StoredPipe, now: number): void {
  const last = Date.parse(pipe.updatedAt);
  pipe.updatedAt = new Date(Math.max(now, last + 1)).toISOString();
}

/** Registers the pipe routes. */
export function registerPipes(router: Router, app: App): void {
  const quirks = () => app.options.quirks;
  const stepMs = () => app.options.stepMs;

  const existing = (ctx: RequestContext, service: ServiceRecord): StoredPipe => {
    const pipe = app.store.pipe(service, param(ctx, "pipeId"), ctx.now);
    if (!pipe) throw notFound(`pipe ${param(ctx, "pipeId")} not found`);
    return pipe;
  };
  const changeable = (ctx: RequestContext, service: ServiceRecord): StoredPipe => {
    const pipe = existing(ctx, service);
    if (isDeleting(pipe)) throw badRequest(`pipe ${pipe.id} is being deleted`);
    return pipe;
  };
  /** A pipe whose definition, settings or scaling may change: not being deleted, not a Completed one-off. */
  const editable = (ctx: RequestContext, service: ServiceRecord): StoredPipe => {
    const pipe = changeable(ctx, service);
    refuseIfCompleted(pipe);
    return pipe;
  };

  router.add(
    "GET",
    PIPES,
    serviceRoute(app, (ctx, service) => app.store.pipes(service, ctx.now).map((p) => pipeView(p, quirks()))),
  );

  router.add(
    "POST",
    PIPES,
    serviceRoute(app, (ctx, service) => {
      const body = objectBody(ctx.body);
      const checked = checkPipePost(body);
      if ("problems" in checked) throw badRequest(checked.problems);
      const draft = checked.draft;
      const clash = conflictWith(app.store.pipes(service, ctx.now), draft);
      if (clash) throw conflict(clash);
      const stamp = new Date(ctx.now).toISOString();
      const pipe = newStoredPipe(randomUUID(), service.id, draft, "Provisioning", stamp);
      startLifecycle(pipe, ctx.now, stepMs());
      service.pipes.set(pipe.id, pipe);
      return pipeView(pipe, quirks());
    }),
  );

  router.add(
    "GET",
    PIPE,
    serviceRoute(app, (ctx, service) => {
      const pipe = existing(ctx, service);
      const gap = pipe.scalingGap;
      pipe.scalingGap = false;
      return pipeView(pipe, quirks(), gap);
    }),
  );

  router.add(
    "PATCH",
    PIPE,
    serviceRoute(app, (ctx, service) => {
      const pipe = editable(ctx, service);
      const body = objectBody(ctx.body);
      const schemaProblems = validateRequest("PipePatchRequest", body);
      const planned = planPatch(pipe, body);
      const problems = allProblems(schemaProblems, "problems" in planned ? planned.problems : []);
      if (problems.length > 0 || "problems" in planned) throw badRequest(problems);
      const { change } = planned;
      const clash = conflictWith(app.store.pipes(service, ctx.now), {
        id: pipe.id,
        name: change.name ?? pipe.name,
        kind: pipe.kind,
        source: change.source ?? pipe.source,
        destination: change.destination ?? pipe.destination,
      });
      if (clash) throw conflict(clash);
      // The answer is built from the changed copy first: should that fail, the stored pipe is untouched.
      const next: StoredPipe = { ...pipe, ...change };
      touch(next, ctx.now);
      const view = pipeView(next, quirks());
      Object.assign(pipe, next);
      return view;
    }),
  );

  router.add(
    "DELETE",
    PIPE,
    serviceRoute(app, (ctx, service) => {
      const pipe = existing(ctx, service);
      if (!isDeleting(pipe)) markDeleted(pipe, ctx.now, stepMs());
      return undefined;
    }),
  );

  router.add(
    "GET",
    `${PIPE}/settings`,
    serviceRoute(app, (ctx, service) => settingsView(existing(ctx, service), quirks()) ?? {}),
  );

  router.add(
    "PUT",
    `${PIPE}/settings`,
    serviceRoute(app, (ctx, service) => {
      const pipe = editable(ctx, service);
      const body = validBody(ctx, "PipeSettingsPutRequest");
      refuseProblems([...("id" in body ? ["id: must not be sent in a request body"] : []), ...settingsProblems(body)]);
      const settings = withoutNulls(body);
      pipe.settings = Object.keys(settings).length > 0 ? settings : null;
      touch(pipe, ctx.now);
      return settingsView(pipe, quirks()) ?? {};
    }),
  );

  router.add(
    "PATCH",
    `${PIPE}/scaling`,
    serviceRoute(app, (ctx, service) => {
      const pipe = editable(ctx, service);
      const body = validBody(ctx, "PipeScalingPatchRequest");
      if ("id" in body) throw badRequest("id: must not be sent in a request body");
      refuseProblems(scalingProblems(body, ""));
      if (!SCALABLE_KINDS.includes(pipe.kind)) throw badRequest(SCALING_KINDS_ONLY);
      // A streaming pipe without scaling runs on the defaults: a partial change starts there.
      const base = pipe.scaling ?? (STREAMING_KINDS.includes(pipe.kind) ? { ...DEFAULT_SCALING } : {});
      const merged = withoutNulls({ ...base, ...body });
      pipe.scaling = Object.keys(merged).length > 0 ? merged : null;
      pipe.scalingGap = true;
      touch(pipe, ctx.now);
      return pipeView(pipe, quirks());
    }),
  );

  router.add(
    "PATCH",
    `${PIPE}/state`,
    serviceRoute(app, (ctx, service) => {
      const pipe = changeable(ctx, service);
      const body = validBody(ctx, "PipeStatePatchRequest");
      if (typeof body.command !== "string") throw badRequest("command: is required (start, stop or resync)");
      const refused = applyCommand(pipe, body.command as PipeCommand, ctx.now, stepMs());
      if (refused) throw badRequest(refused);
      touch(pipe, ctx.now);
      return pipeView(pipe, quirks());
    }),
  );
}
