import type { FieldChange } from "../../engine/field-diff";
import { policyAt, type AnyNode } from "../../schemas/field-policy";
import { pipePolicy, type PipePatch, type PipeInputs, type PipeOutputs } from "./policy";
import { mergeSourceSecrets, secretLocations, type SecretField } from "./secrets";
import { canonical, sameValue } from "../../engine/canonical";
import { kindOf } from "./states";
import { mappingKey, removalOf, sourceTableKey } from "./table-mappings";
import { isObj, valueAt, type Obj } from "../../schemas/plain-object";

/** The API calls an in-place update needs, worked out from the changed fields. Pure. */
interface UpdatePlan {
  /** Body of PATCH /pipes/{id}, if anything there changed. */
  patch?: Obj;
  /**
   * A second PATCH, sent after `patch`: the edited table mappings added back. The API refuses a
   * request that removes and adds the same source table, so an edit is a removal, then an addition.
   */
  readd?: Obj;
  /** A database pipe must be paused while its table mappings change. */
  pause: boolean;
  /** Body of PUT /settings (the whole object). */
  settings?: Obj;
  /** Body of PATCH /scaling. */
  scaling?: Obj;
  /** State commands (PATCH /state), in order: a start or stop, and a resync. */
  commands: ("start" | "stop" | "resync")[];
}

/** Splits additions into those sendable with the removals and those naming a removed source table. */
function splitReadds(add: readonly Obj[], remove: readonly Obj[]): { now: Obj[]; later: Obj[] } {
  const removed = new Set(remove.map(sourceTableKey));
  return { now: add.filter((m) => !removed.has(sourceTableKey(m))), later: add.filter((m) => removed.has(sourceTableKey(m))) };
}

/**
 * Table mappings cannot be edited in place: a changed one is removed and added again.
 */
export function tableMappingChanges(olds: unknown, news: unknown): { add: Obj[]; remove: Obj[] } {
  const before = new Map((Array.isArray(olds) ? olds : []).filter(isObj).map((m) => [mappingKey(m), m]));
  const after = new Map((Array.isArray(news) ? news : []).filter(isObj).map((m) => [mappingKey(m), m]));
  const remove: Obj[] = [];
  const add: Obj[] = [];
  for (const [key, m] of before) {
    const next = after.get(key);
    if (!next || !sameValue(m, next)) remove.push(removalOf(m));
  }
  for (const [key, m] of after) {
    const prev = before.get(key);
    if (!prev || !sameValue(prev, m)) add.push(canonical(m) as Obj);
  }
  return { add, remove };
}

/**
 * Where a changed path lives in the program's spec, with its rule and how it is sent: a secret's
 * change (`sourceSecrets.credentials`) is sent where the secret lives in the source kind set.
 */
function locate(path: string, kind: string | undefined): { at: string[]; node: AnyNode; patch?: PipePatch } | undefined {
  const parts = path.split(".");
  if (parts[0] === "sourceSecrets") {
    const location = secretLocations[(parts[1] ?? "") as SecretField]?.find((p) => p[0] === kind);
    if (!location || parts.length !== 2) return undefined;
    parts.splice(0, 2, "source", ...location);
  } else if (parts[0] === "source" && parts.length > 2 && parts[1] !== kind) {
    return undefined;
  }
  const entry = policyAt(pipePolicy, parts);
  return entry && { at: parts, node: entry.node, patch: entry.patch as PipePatch | undefined };
}

const get = (o: unknown, path: readonly string[]) => valueAt(o, path, { arrays: "stop" });

function setPath(o: Obj, path: readonly string[], value: unknown): void {
  let node = o;
  for (const key of path.slice(0, -1)) node = isObj(node[key]) ? node[key] : (node[key] = {});
  node[path[path.length - 1]] = value;
}

/**
 * The API's PATCH form of some kinds requires fields that did not change (the host and port of
 * a mysql source, the URI of a mongodb one, the key of a pubsub one): sent with any change there.
 */
function addPatchRequired(patch: Obj, spec: Obj, kind: string | undefined): void {
  const changed = kind === undefined ? undefined : get(patch, ["source", kind]);
  const fields = kind === undefined ? undefined : policyAt(pipePolicy, ["source", kind])?.node.fields;
  if (!isObj(changed) || !fields) return;
  for (const [key, node] of Object.entries(fields)) {
    if (!node.patchRequired || changed[key] !== undefined) continue;
    const value = get(spec, ["source", kind!, key]);
    if (value !== undefined) changed[key] = canonical(value);
  }
}

/**
 * The requests of an in-place update, each changed field sent the way the pipe policy says:
 * in the PATCH body at its own path (its `empty` form, else null, when the program dropped it; a
 * field the server fills in is left out), the whole settings, the whole scaling, or the table
 * mappings to remove and add while the pipe is paused.
 */
export function planUpdate(olds: PipeOutputs, news: PipeInputs, changes: readonly FieldChange[]): UpdatePlan {
  const plan: UpdatePlan = { pause: false, commands: [] };
  const patch: Obj = {};
  const kind = kindOf(news);
  const spec: Obj = { ...news, source: mergeSourceSecrets(news.source, news.sourceSecrets) ?? {} };
  for (const change of changes) {
    if (change.kind !== "update") continue;
    const field = locate(change.path, kind);
    if (!field) continue;
    const value = get(spec, field.at);
    switch (field.patch) {
      case "pipe":
        if (value === undefined && field.node.serverDefault) break;
        setPath(patch, field.at, canonical(value) ?? field.node.empty ?? null);
        break;
      case "settings":
        plan.settings = (canonical(spec.settings) as Obj | undefined) ?? {};
        break;
      case "scaling": {
        const scaling = canonical(spec.scaling) as Obj | undefined;
        if (scaling) plan.scaling = scaling;
        break;
      }
      case "tableMappings": {
        const { add, remove } = tableMappingChanges(get(olds, field.at), value);
        const parent = field.at.slice(0, -1);
        const { now, later } = splitReadds(add, remove);
        setPath(patch, [...parent, "tableMappingsToAdd"], now);
        setPath(patch, [...parent, "tableMappingsToRemove"], remove);
        if (later.length) {
          plan.readd = {};
          setPath(plan.readd, [...parent, "tableMappingsToAdd"], later);
        }
        plan.pause = add.length + remove.length > 0;
        break;
      }
      case "state":
        if (field.at[0] === "stopped" && typeof value === "boolean") plan.commands.unshift(value ? "stop" : "start");
        if (field.at[0] === "resyncToken" && value !== undefined) plan.commands.push("resync");
        break;
      case undefined:
        // The provider's own (waitTimeoutSeconds): no request.
        break;
      default:
        field.patch satisfies never;
    }
  }
  // The API takes field mappings only together with the columns they map to.
  if (patch.fieldMappings !== undefined && get(patch, ["destination", "columns"]) === undefined) {
    const columns = get(spec, ["destination", "columns"]);
    if (columns !== undefined) setPath(patch, ["destination", "columns"], canonical(columns));
  }
  addPatchRequired(patch, spec, kind);
  if (plan.readd) addPatchRequired(plan.readd, spec, kind);
  if (Object.keys(patch).length) plan.patch = patch;
  return plan;
}
