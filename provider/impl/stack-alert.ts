import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { StackTarget } from "../client/stack-target";
import { alertRuleFailures, stackAlertSpec } from "../schemas/stack-alert";
import type { AlertInputs, AlertOutputs } from "../schemas/stack-props";
import { adoptable } from "./adopt";
import { configure } from "./engine-settings";
import { connected, settingsFor } from "./connection";
import { diffResult, fieldChanges, type Diff } from "./field-diff";
import { orGone, readOrGone, readResult, updateUnlessGone } from "./gone";
import { alertOutputs } from "./stack/alert-answer";
import { alertBody } from "./stack/alert-body";
import { alertDiff, withKnownTileId } from "./stack/alert-diff";
import { goneAlertWarning } from "./stack/alert-gone";
import { liveTileId, resolveAlertTile } from "./stack/alert-tile";
import { createAlert, deleteObject, putAlert, stackWhereabouts } from "./stack/api";
import { stackGeneration } from "./stack/generation";
import { TARGET_KEYS, checkStackObject, targetOf, withTarget } from "./stack/target";
import { createMarker } from "./create-once";
import { unmarked } from "./stack/unmark";
import { containsUnknown } from "../schemas/unknown";
import { gateCreate } from "./create-gate";
import { alertProbe } from "./stack/create-probes";

/**
 * Validates an alert and pins its stack into the inputs. Failures carry property paths
 * (`channel.webhookId`); values not known yet pass. A create then reads its dashboard once (see
 * `alertProbe`): a tile that cannot carry alerts fails the preview, not only the `up`.
 */
export async function check(olds: AlertInputs, news: AlertInputs): Promise<dynamic.CheckResult<AlertInputs>> {
  return gateCreate(olds, checkStackObject(news, stackAlertSpec, alertRuleFailures), alertProbe);
}

/**
 * Compares the old outputs with the new inputs: every field the PUT takes updates in place, a
 * move to another stack replaces. An alert naming its tile by `tile` keeps the tile id it had
 * while tile and dashboard stay the same, so a dashboard's own change previews no alert change.
 */
export async function diff(_id: string, olds: AlertOutputs, news: AlertInputs): Promise<Diff> {
  return diffResult(fieldChanges(olds, await withLiveTileId(olds, news), alertDiff));
}

/**
 * {@link withKnownTileId}, checked against the live dashboard: the old tile id is carried only
 * while the dashboard still has that tile under that name. A tile removed (the server has then
 * deleted the alert) or renamed shows as a change of `tileId`, and the update fails saying why,
 * never a silent success. Values not known yet (a preview) are compared as they are.
 */
async function withLiveTileId(olds: AlertOutputs, news: AlertInputs): Promise<AlertInputs> {
  const carried = withKnownTileId(olds, news);
  if (carried === news || containsUnknown(news) || typeof news.dashboardId !== "string" || typeof news.tile !== "string") return carried;
  // `check` pins the stack into the inputs; inputs that name none were never checked: no stack to ask.
  if (!TARGET_KEYS.some((k) => typeof news[k] === "string")) return carried;
  const live = await liveTileId(targetOf(news), news.dashboardId, news.tile);
  return live === carried.tileId ? carried : { ...news, tileId: live };
}

/** The request body for this target: its generation's form, the tile checked and resolved (before any write). */
async function bodyFor(target: StackTarget, inputs: AlertInputs): Promise<{ body: Record<string, unknown>; tileId?: string }> {
  const tileId = await resolveAlertTile(target, inputs);
  return { body: alertBody(inputs, await stackGeneration(target), tileId), tileId };
}

export async function create(inputs: AlertInputs): Promise<dynamic.CreateResult<AlertOutputs>> {
  const target = targetOf(inputs);
  if (typeof inputs.adoptId === "string") return adopt(target, inputs.adoptId, inputs);
  const { body } = await bodyFor(target, inputs);
  // The create's marker rides in `note` (current servers) or `name` (the first generation has no
  // note); the PUT right after sets the program's value back.
  const field = (await stackGeneration(target)) === "current" ? "note" : "name";
  const created = await createAlert(target, body, { field, value: createMarker() });
  const recorded = () => ({ ...alertOutputs(created, inputs), __provider: inputs.__provider });
  const updated = await unmarked("alert", created.id, () => putAlert(target, created.id, body), recorded);
  return { id: created.id, outs: alertOutputs(updated, inputs) };
}

/** Brings an existing alert under management: it must exist; one PUT makes it the program's. */
async function adopt(target: StackTarget, id: string, inputs: AlertInputs): Promise<dynamic.CreateResult<AlertOutputs>> {
  await adoptable("alert", id, `on ${target.key}`, () => orGone(stackWhereabouts(target, "alerts", id)));
  const { body } = await bodyFor(target, inputs);
  return { id, outs: alertOutputs(await putAlert(target, id, body), inputs) };
}

/** One PUT of the whole alert body: fields left out of the program are cleared on the server. */
export async function update(id: string, _olds: AlertOutputs, news: AlertInputs): Promise<dynamic.UpdateResult<AlertOutputs>> {
  const target = targetOf(news);
  const { body } = await bodyFor(target, news);
  const alert = { ...stackWhereabouts(target, "alerts", id), why: "a removed tile or dashboard takes its alerts with it" };
  return { outs: alertOutputs(await updateUnlessGone(alert, () => putAlert(target, id, body)), news) };
}

/** The live alert; an empty id when it is gone (also when its tile or dashboard was removed). */
export async function read(id: string, props: AlertOutputs = {} as AlertOutputs): Promise<dynamic.ReadResult<AlertOutputs>> {
  const target = targetOf(props);
  const live = await readOrGone(stackWhereabouts(target, "alerts", id));
  // The engine drops a gone object from the state without a word: say why it went.
  if (live === undefined && Object.keys(props).length > 0) console.warn(`warning: ${await goneAlertWarning(target, id, props)}`);
  return readResult(id, live && alertOutputs(live, withTarget(props)));
}

/** Deletes the alert; one already gone (with its tile or dashboard) is done; a missing route is an error. */
export async function remove(id: string, props: AlertOutputs): Promise<void> {
  await deleteObject(targetOf(props), "alerts", id, settingsFor(props).pollIntervalMs);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-alert`). */
export const provider = connected<AlertInputs, AlertOutputs>({
  configure,
  check,
  diff,
  create,
  read,
  update,
  delete: remove,
}) satisfies dynamic.ResourceProvider<AlertInputs, AlertOutputs>;
