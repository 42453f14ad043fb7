import type * as dynamic from "@pulumi/pulumi/dynamic";
import { dashboardRuleFailures, stackDashboardSpec } from "../schemas/stack-dashboard";
import { configure } from "./engine-settings";
import { createDashboard, deleteObject, findObject, getDashboard, putDashboard } from "./stack/api";
import { dashboardBody, projectDashboard } from "./stack/dashboard-body";
import { dashboardChanges, type StackChange } from "./stack/dashboard-diff";
import { replacePaths } from "./field-diff";
import { checkStackInputs } from "./stack/check";
import { targetOf, withTarget } from "./stack/target";
import type { StackTarget } from "../client/stack";
import type { StackDashboardRecord } from "../schemas/stack-dashboard";

type Obj = Record<string, unknown>;

/**
 * Validates a dashboard before any network call and pins its stack into the inputs. Failures
 * carry property paths (`tiles[2].w`); values not known yet pass.
 */
export async function check(_olds: Obj, news: Obj): Promise<dynamic.CheckResult> {
  return checkStackInputs(news, stackDashboardSpec, dashboardRuleFailures);
}

/**
 * Compares the old outputs with the new inputs. `diffs` lists the changed paths (the engine
 * reads `changes` and `replaces`; the paths are for tests and for users of this module).
 */
export async function diff(_id: string, olds: Obj, news: Obj): Promise<dynamic.DiffResult & { diffs: StackChange[] }> {
  const changes = dashboardChanges(olds, news);
  return { changes: changes.length > 0, replaces: replacePaths(changes), deleteBeforeReplace: false, diffs: changes };
}

export async function create(inputs: Obj): Promise<dynamic.CreateResult> {
  const target = targetOf(inputs);
  if (typeof inputs.adoptId === "string") return adopt(target, inputs.adoptId, inputs);
  const body = dashboardBody(inputs);
  // After an ambiguous failure, a listed dashboard is ours only if it reads back as this program's.
  const sameAsSent = (r: StackDashboardRecord) => dashboardChanges(projectDashboard(r, inputs, inputs.tiles as unknown[], undefined), inputs).length === 0;
  const created = await createDashboard(target, body, sameAsSent);
  return { id: created.id, outs: projectDashboard(created, inputs, inputs.tiles as unknown[], undefined) };
}

/**
 * Brings an existing dashboard under management: it must exist; then one PUT makes it the
 * program's, each live tile keeping its id when a program tile has its name (so the alerts on it
 * stay). Never re-created.
 */
async function adopt(target: StackTarget, id: string, inputs: Obj): Promise<dynamic.CreateResult> {
  const live = await findObject(target, () => getDashboard(target, id));
  if (!live) throw new Error(`adoptId: no dashboard ${id} on ${target.key} to adopt`);
  const liveTiles = projectDashboard(live, inputs, undefined, undefined).tiles;
  const updated = await putDashboard(target, id, dashboardBody(inputs, liveTiles));
  return { id, outs: projectDashboard(updated, inputs, inputs.tiles as unknown[], liveTiles) };
}

/**
 * One PUT with the whole tile list; each tile carries the id its key had in the old outputs, so
 * the server keeps it (and the alerts on it). A tile whose key is gone is removed, with its alerts.
 */
export async function update(id: string, olds: Obj, news: Obj): Promise<dynamic.UpdateResult> {
  const target = targetOf(news);
  const body = dashboardBody(news, olds.tiles);
  try {
    const updated = await putDashboard(target, id, body);
    return { outs: projectDashboard(updated, news, news.tiles as unknown[], olds.tiles) };
  } catch (err) {
    if (target.isGone(err)) throw new Error(`dashboard ${id} no longer exists on ${target.key}: run \`pulumi refresh\` to forget it, then \`pulumi up\` to create it again`);
    throw err;
  }
}

/** The live dashboard, keys recovered from the stored tiles by id; an empty id when it is gone. */
export async function read(id: string, props: Obj): Promise<dynamic.ReadResult> {
  const target = targetOf(props);
  const live = await findObject(target, () => getDashboard(target, id));
  if (!live) return { id: "", props: {} };
  return { id, props: projectDashboard(live, withTarget(props), undefined, props.tiles) };
}

/** Deletes the dashboard (the server deletes the alerts on its tiles); already gone is done. */
export async function remove(id: string, props: Obj): Promise<void> {
  await deleteObject(targetOf(props), "dashboards", id);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-dashboard`). */
export const provider = { configure, check, diff, create, read, update, delete: remove };
