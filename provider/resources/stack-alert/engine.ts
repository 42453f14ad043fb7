import type { StackTarget } from "../../client/stack-target";
import { alertRuleFailures, stackAlertSpec } from "./schema";
import type { StackAlertRecord } from "./record";
import type { AlertInputs, AlertOutputs } from "./policy";
import { containsUnknown } from "../../schemas/unknown";
import { createMarker } from "../../engine/create-once";
import { defineEngine } from "../../engine/define-engine";
import { NO_UNIQUE_NAME } from "../../engine/name-holder";
import { fieldChanges } from "../../engine/field-diff";
import { recorded } from "../../engine/init-error";
import { alertOutputs, alertBody } from "./body";
import { alertDiff, withKnownTileId } from "./diff";
import { goneAlertWarning } from "./gone";
import { printable } from "../../errors/printable";
import { keptOnRemovedTile, liveTileId, resolveAlertTile } from "../stack-dashboard/alert-tile";
import { stackWhereabouts } from "../../engine/stack/api";
import { alerts, createAlert, putAlert } from "./api";
import { alertProbe } from "./probe";
import { stackGeneration } from "../../engine/stack/generation";
import { stackObject } from "../../engine/stack/stack-object";
import { TARGET_KEYS, checkStackObject, targetOf, withTarget } from "../../engine/stack/target";
import { unmarked } from "../../engine/stack/unmark";
import { InvalidArgumentError } from "../../errors/operation-errors";
import { writesMayFollow } from "../../engine/checked-here";

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
async function bodyFor(target: StackTarget, inputs: AlertInputs): Promise<Record<string, unknown>> {
  const tileId = await resolveAlertTile(target, inputs);
  return alertBody(inputs, await stackGeneration(target), tileId);
}

async function create(target: StackTarget, inputs: AlertInputs): Promise<{ id: string; outs: AlertOutputs }> {
  const body = await bodyFor(target, inputs);
  // The create's marker rides in `note` (current servers) or `name` (the first generation has no
  // note); the PUT right after sets the program's value back.
  const field = (await stackGeneration(target)) === "current" ? "note" : "name";
  const created = await createAlert(target, body, { field, value: createMarker() });
  const updated = await unmarked(
    "alert",
    created.id,
    () => putAlert(target, created.id, body),
    () => recorded(alertOutputs(created, inputs), inputs),
  );
  return { id: created.id, outs: alertOutputs(updated, inputs) };
}

/** One PUT of the whole alert body (also to adopt one): fields left out of the program are cleared on the server. */
async function put(target: StackTarget, id: string, inputs: AlertInputs): Promise<AlertOutputs> {
  return alertOutputs(await putAlert(target, id, await bodyFor(target, inputs)), inputs);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-alert`). */
export const provider = defineEngine<AlertInputs, AlertOutputs, StackTarget, StackAlertRecord>({
  ...stackObject(alerts),
  whereabouts: (t, id) => ({ ...stackWhereabouts(t, alerts, id), why: "a removed tile or dashboard takes its alerts with it" }),
  // Failures carry property paths (`channel.webhookId`); values not known yet pass.
  validate: (news) => checkStackObject(news, stackAlertSpec, alertRuleFailures),
  // A create's `check` reads its dashboard (the run's shared read, see `probe.ts`): a tile that cannot carry alerts fails the preview, not only the `up`.
  // The stack server keeps no alert name unique: a create proves itself by its marker.
  names: NO_UNIQUE_NAME,
  probe: alertProbe,
  // Every field the PUT takes updates in place, a move to another stack replaces. An alert naming
  // its tile by `tile` keeps the tile id it had while tile and dashboard stay the same, so a
  // dashboard's own change previews no alert change.
  rules: alertDiff,
  // A preview that keeps this alert on a tile its dashboard's update removes stops before any write;
  // a refresh's diff (no check in the process) writes nothing, and only shows.
  changes: async (olds, news, id) => {
    const kept = writesMayFollow() ? keptOnRemovedTile(id, olds, news) : undefined;
    if (kept !== undefined) throw new InvalidArgumentError(kept);
    return fieldChanges(olds, await withLiveTileId(olds, news), alertDiff);
  },
  create,
  adopt: (target, id, inputs) => put(target, id, inputs),
  // A delete (or a move off a tile) writes the alert alone: a tile kept pending removal for it is
  // the dashboard's to remove, at its next diff (see `../stack-dashboard/pending-tiles.ts`).
  update: (target, id, _olds, news) => put(target, id, news),
  refreshed: (live, props) => alertOutputs(live, withTarget(props)),
  // The engine drops a gone object from the state without a word: say why it went.
  async gone(target, id, props) {
    if (Object.keys(props).length > 0) console.warn(`warning: ${printable(await goneAlertWarning(target, id, props))}`);
  },
});
