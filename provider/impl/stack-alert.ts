import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { StackTarget } from "../client/stack-target";
import { alertRuleFailures, stackAlertSpec } from "../schemas/stack-alert";
import type { AlertInputs, AlertOutputs } from "../schemas/stack-props";
import { adoptable } from "./adopt";
import { checkInputs } from "./check-inputs";
import { configure } from "./engine-settings";
import { connected } from "./connection";
import { diffResult, fieldChanges, type Diff } from "./field-diff";
import { orGone, readResult } from "./gone";
import { alertBody, alertOutputs } from "./stack/alert-body";
import { alertDiff } from "./stack/alert-diff";
import { createAlert, deleteObject, getAlert, putAlert } from "./stack/api";
import { pinTarget, targetOf, withTarget } from "./stack/target";
import type { StackAlertRecord } from "../schemas/stack-alert";
import { stackUrlCredentialFailures } from "../schemas/refinements/plain-credentials";

/**
 * Validates an alert before any network call and pins its stack into the inputs. Failures
 * carry property paths (`channel.webhookId`); values not known yet pass.
 */
export async function check(_olds: AlertInputs, news: AlertInputs): Promise<dynamic.CheckResult<AlertInputs>> {
  return checkInputs(news, { pin: pinTarget, dropNull: true, schema: stackAlertSpec, rules: (spec) => [...alertRuleFailures(spec), ...stackUrlCredentialFailures((spec as { stackUrl?: unknown }).stackUrl)] });
}

/**
 * Compares the old outputs with the new inputs: every field the PUT takes updates in place, a
 * move to another stack replaces. `diffs` lists the changed paths (see the dashboard's diff).
 */
export async function diff(_id: string, olds: AlertOutputs, news: AlertInputs): Promise<Diff> {
  return diffResult(fieldChanges(olds, news, alertDiff));
}

export async function create(inputs: AlertInputs): Promise<dynamic.CreateResult<AlertOutputs>> {
  const target = targetOf(inputs);
  if (typeof inputs.adoptId === "string") return adopt(target, inputs.adoptId, inputs);
  // After an ambiguous failure, a listed alert is ours only if it reads back as this program's.
  const sameAsSent = (r: StackAlertRecord) => fieldChanges(alertOutputs(r, inputs), inputs, alertDiff).length === 0;
  const created = await createAlert(target, alertBody(inputs), sameAsSent);
  return { id: created.id, outs: alertOutputs(created, inputs) };
}

/** Brings an existing alert under management: it must exist; one PUT makes it the program's. */
async function adopt(target: StackTarget, id: string, inputs: AlertInputs): Promise<dynamic.CreateResult<AlertOutputs>> {
  await adoptable("alert", id, `on ${target.key}`, () => orGone(() => getAlert(target, id), target.isGone));
  return { id, outs: alertOutputs(await putAlert(target, id, alertBody(inputs)), inputs) };
}

/** One PUT of the whole alert body: fields left out of the program are cleared on the server. */
export async function update(id: string, _olds: AlertOutputs, news: AlertInputs): Promise<dynamic.UpdateResult<AlertOutputs>> {
  const target = targetOf(news);
  try {
    return { outs: alertOutputs(await putAlert(target, id, alertBody(news)), news) };
  } catch (err) {
    // A 404 may be about the alert or about the dashboard or tile it names: ask which.
    if (target.isGone(err) && !(await orGone(() => getAlert(target, id), target.isGone))) {
      throw new Error(
        `alert ${id} no longer exists on ${target.key} (a removed tile or dashboard takes its alerts with it): run \`pulumi refresh\` to forget it, then \`pulumi up\` to create it again`,
      );
    }
    throw err;
  }
}

/** The live alert; an empty id when it is gone (also when its tile or dashboard was removed). */
export async function read(id: string, props: AlertOutputs = {} as AlertOutputs): Promise<dynamic.ReadResult<AlertOutputs>> {
  const target = targetOf(props);
  const live = await orGone(() => getAlert(target, id), target.isGone);
  return readResult(id, live && alertOutputs(live, withTarget(props)));
}

/** Deletes the alert; one already gone (with its tile or dashboard) is done. */
export async function remove(id: string, props: AlertOutputs): Promise<void> {
  await deleteObject(targetOf(props), "alerts", id);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-alert`). */
export const provider = connected<AlertInputs, AlertOutputs>({ configure, check, diff, create, read, update, delete: remove }) satisfies dynamic.ResourceProvider<AlertInputs, AlertOutputs>;
