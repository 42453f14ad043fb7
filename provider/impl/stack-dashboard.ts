import { gateCreate } from "./create-gate";
import { collectionProbe } from "./stack/create-probes";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { StackTarget } from "../client/stack-target";
import { dashboardRuleFailures, stackDashboardSpec } from "../schemas/stack-dashboard";
import type { DashboardInputs, DashboardOutputs } from "../schemas/stack-props";
import { adoptable } from "./adopt";
import { configure } from "./engine-settings";
import { connected, settingsFor } from "./connection";
import { diffResult, fieldChanges, type Diff } from "./field-diff";
import { orGone, readOrGone, readResult, updateUnlessGone } from "./gone";
import { createDashboard, deleteObject, putDashboard, stackWhereabouts } from "./stack/api";
import { dashboardBody, dashboardOutputs } from "./stack/dashboard-body";
import { dashboardDiff } from "./stack/dashboard-diff";
import { refuseOnFirstGeneration } from "./stack/dashboard-generation";
import { withFormHint } from "./stack/tile-form-hint";
import { checkStackObject, targetOf, withTarget } from "./stack/target";
import { createMarker } from "./create-once";
import { unmarked } from "./stack/unmark";

/** A create's one read in `check`: the collection it will POST to (credentials, route). */
const probe = collectionProbe<DashboardInputs>("dashboards");

/**
 * Validates a dashboard and pins its stack into the inputs. Failures carry property paths
 * (`tiles[2].w`); values not known yet pass. A create then reads its collection once (`probe`).
 */
export async function check(olds: DashboardInputs, news: DashboardInputs): Promise<dynamic.CheckResult<DashboardInputs>> {
  return gateCreate(olds, checkStackObject(news, stackDashboardSpec, dashboardRuleFailures), probe);
}

/**
 * Compares the old outputs with the new inputs. `diffs` lists the changed paths (the engine
 * reads `changes` and `replaces`; the paths are for tests and for users of this module).
 */
export async function diff(_id: string, olds: DashboardOutputs, news: DashboardInputs): Promise<Diff> {
  return diffResult(fieldChanges(olds, news, dashboardDiff));
}

export async function create(inputs: DashboardInputs): Promise<dynamic.CreateResult<DashboardOutputs>> {
  const target = targetOf(inputs);
  await refuseOnFirstGeneration(target, inputs);
  if (typeof inputs.adoptId === "string") return adopt(target, inputs.adoptId, inputs);
  // The create's marker rides in `tags`; the PUT right after gives the dashboard the program's tags.
  const created = await createDashboard(target, dashboardBody(inputs), { field: "tags", value: createMarker() }).catch((err) => {
    throw withFormHint(err, inputs);
  });
  const made = dashboardOutputs(created, inputs, inputs.tiles, undefined);
  const put = () => putDashboard(target, created.id, dashboardBody(inputs, made));
  const updated = await unmarked("dashboard", created.id, put, () => ({ ...made, __provider: inputs.__provider }));
  return { id: created.id, outs: dashboardOutputs(updated, inputs, inputs.tiles, made.tiles) };
}

/**
 * Brings an existing dashboard under management: it must exist; then one PUT makes it the
 * program's, each live tile keeping its id when a program tile has its name (so the alerts on it
 * stay). Never re-created.
 */
async function adopt(target: StackTarget, id: string, inputs: DashboardInputs): Promise<dynamic.CreateResult<DashboardOutputs>> {
  const live = await adoptable("dashboard", id, `on ${target.key}`, () => orGone(stackWhereabouts(target, "dashboards", id)));
  const liveTiles = dashboardOutputs(live, inputs, undefined, undefined).tiles;
  const updated = await putDashboard(target, id, dashboardBody(inputs, { tiles: liveTiles, filters: live.filters }));
  return { id, outs: dashboardOutputs(updated, inputs, inputs.tiles, liveTiles) };
}

/**
 * One PUT with the whole tile list; each tile carries the id its key had in the old outputs, so
 * the server keeps it (and the alerts on it). A tile whose key is gone is removed, with its alerts.
 */
export async function update(id: string, olds: DashboardOutputs, news: DashboardInputs): Promise<dynamic.UpdateResult<DashboardOutputs>> {
  const target = targetOf(news);
  await refuseOnFirstGeneration(target, news);
  const body = dashboardBody(news, olds);
  const updated = await updateUnlessGone(stackWhereabouts(target, "dashboards", id), () => putDashboard(target, id, body));
  return { outs: dashboardOutputs(updated, news, news.tiles, olds.tiles) };
}

/** The live dashboard, keys recovered from the stored tiles by id; an empty id when it is gone. */
export async function read(id: string, props: DashboardOutputs = {} as DashboardOutputs): Promise<dynamic.ReadResult<DashboardOutputs>> {
  const target = targetOf(props);
  const live = await readOrGone(stackWhereabouts(target, "dashboards", id));
  return readResult(id, live && dashboardOutputs(live, withTarget(props), undefined, props.tiles));
}

/** Deletes the dashboard (the server deletes the alerts on its tiles); already gone is done. */
export async function remove(id: string, props: DashboardOutputs): Promise<void> {
  await deleteObject(targetOf(props), "dashboards", id, settingsFor(props).pollIntervalMs);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-dashboard`). */
export const provider = connected<DashboardInputs, DashboardOutputs>({
  configure,
  check,
  diff,
  create,
  read,
  update,
  delete: remove,
}) satisfies dynamic.ResourceProvider<DashboardInputs, DashboardOutputs>;
