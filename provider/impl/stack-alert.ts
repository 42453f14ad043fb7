import type * as dynamic from "@pulumi/pulumi/dynamic";
import { alertRuleFailures, stackAlertSpec } from "../schemas/stack-alert";
import { replacePaths, type FieldChange } from "./field-diff";
import { configure } from "./engine-settings";
import { alertChanges } from "./stack/alert-diff";
import { alertBody, projectAlert } from "./stack/alert-body";
import { createAlert, deleteObject, findObject, getAlert, putAlert } from "./stack/api";
import { checkStackInputs } from "./stack/check";
import { targetOf, withTarget } from "./stack/target";
import type { StackTarget } from "../client/stack";
import type { StackAlertRecord } from "../schemas/stack-alert";

type Obj = Record<string, unknown>;

/**
 * Validates an alert before any network call and pins its stack into the inputs. Failures
 * carry property paths (`channel.webhookId`); values not known yet pass.
 */
export async function check(_olds: Obj, news: Obj): Promise<dynamic.CheckResult> {
  return checkStackInputs(news, stackAlertSpec, alertRuleFailures);
}

/**
 * Compares the old outputs with the new inputs: every field the PUT takes updates in place, a
 * move to another stack replaces. `diffs` lists the changed paths (see the dashboard's diff).
 */
export async function diff(_id: string, olds: Obj, news: Obj): Promise<dynamic.DiffResult & { diffs: FieldChange[] }> {
  const changes = alertChanges(olds, news);
  return { changes: changes.length > 0, replaces: replacePaths(changes), deleteBeforeReplace: false, diffs: changes };
}

export async function create(inputs: Obj): Promise<dynamic.CreateResult> {
  const target = targetOf(inputs);
  if (typeof inputs.adoptId === "string") return adopt(target, inputs.adoptId, inputs);
  // After an ambiguous failure, a listed alert is ours only if it reads back as this program's.
  const sameAsSent = (r: StackAlertRecord) => alertChanges(projectAlert(r, inputs), inputs).length === 0;
  const created = await createAlert(target, alertBody(inputs), sameAsSent);
  return { id: created.id, outs: projectAlert(created, inputs) };
}

/** Brings an existing alert under management: it must exist; one PUT makes it the program's. */
async function adopt(target: StackTarget, id: string, inputs: Obj): Promise<dynamic.CreateResult> {
  if (!(await findObject(target, () => getAlert(target, id)))) throw new Error(`adoptId: no alert ${id} on ${target.key} to adopt`);
  return { id, outs: projectAlert(await putAlert(target, id, alertBody(inputs)), inputs) };
}

/** One PUT of the whole alert body: fields left out of the program are cleared on the server. */
export async function update(id: string, _olds: Obj, news: Obj): Promise<dynamic.UpdateResult> {
  const target = targetOf(news);
  try {
    return { outs: projectAlert(await putAlert(target, id, alertBody(news)), news) };
  } catch (err) {
    // A 404 may be about the alert or about the dashboard or tile it names: ask which.
    if (target.isGone(err) && !(await findObject(target, () => getAlert(target, id)))) {
      throw new Error(
        `alert ${id} no longer exists on ${target.key} (a removed tile or dashboard takes its alerts with it): run \`pulumi refresh\` to forget it, then \`pulumi up\` to create it again`,
      );
    }
    throw err;
  }
}

/** The live alert; an empty id when it is gone (also when its tile or dashboard was removed). */
export async function read(id: string, props: Obj): Promise<dynamic.ReadResult> {
  const target = targetOf(props);
  const live = await findObject(target, () => getAlert(target, id));
  if (!live) return { id: "", props: {} };
  return { id, props: projectAlert(live, withTarget(props)) };
}

/** Deletes the alert; one already gone (with its tile or dashboard) is done. */
export async function remove(id: string, props: Obj): Promise<void> {
  await deleteObject(targetOf(props), "alerts", id);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-alert`). */
export const provider = { configure, check, diff, create, read, update, delete: remove };
