import { gateCreate } from "./create-gate";
import { collectionProbe } from "./stack/create-probes";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { StackTarget } from "../client/stack-target";
import { stackSavedSearchSpec } from "../schemas/stack-saved-search";
import { createMarker } from "./create-once";
import { unmarked } from "./stack/unmark";
import type { SavedSearchInputs, SavedSearchOutputs } from "../schemas/stack-props";
import { adoptable } from "./adopt";
import { connected, settingsFor } from "./connection";
import { configure } from "./engine-settings";
import { diffResult, fieldChanges, type Diff } from "./field-diff";
import { orGone, readOrGone, readResult, updateUnlessGone } from "./gone";
import { createSavedSearch, deleteObject, putSavedSearch, stackWhereabouts } from "./stack/api";
import { stackGeneration } from "./stack/generation";
import { savedSearchBody, savedSearchOutputs } from "./stack/saved-search-body";
import { savedSearchDiff } from "./stack/saved-search-diff";
import { checkStackObject, targetOf, withTarget } from "./stack/target";

/** A create's one read in `check`: the collection it will POST to (credentials, route). */
const probe = collectionProbe<SavedSearchInputs>("saved-searches");

/** Validates a saved search and pins its stack into the inputs (values not known yet pass); a create then reads its collection once. */
export async function check(olds: SavedSearchInputs, news: SavedSearchInputs): Promise<dynamic.CheckResult<SavedSearchInputs>> {
  return gateCreate(olds, checkStackObject(news, stackSavedSearchSpec), probe);
}

/** Compares the old outputs with the new inputs: every field updates in place, a move to another stack replaces. */
export async function diff(_id: string, olds: SavedSearchOutputs, news: SavedSearchInputs): Promise<Diff> {
  return diffResult(fieldChanges(olds, news, savedSearchDiff));
}

/** Saved searches are a route of the current servers only: say so rather than pass on a bare 404. */
async function requireCurrent(target: StackTarget): Promise<void> {
  if ((await stackGeneration(target)) === "first") {
    throw new Error(
      `the stack at ${target.key} speaks the first generation of the stack API, which has no saved searches: use a current server (API 2.36 or later)`,
    );
  }
}

export async function create(inputs: SavedSearchInputs): Promise<dynamic.CreateResult<SavedSearchOutputs>> {
  const target = targetOf(inputs);
  await requireCurrent(target);
  if (typeof inputs.adoptId === "string") return adopt(target, inputs.adoptId, inputs);
  // The create's marker rides in `tags`; the PUT right after gives the saved search the program's tags.
  const body = savedSearchBody(inputs);
  const created = await createSavedSearch(target, body, { field: "tags", value: createMarker() });
  const recorded = () => ({ ...savedSearchOutputs(created, inputs), __provider: inputs.__provider });
  const updated = await unmarked("saved search", created.id, () => putSavedSearch(target, created.id, body), recorded);
  return { id: created.id, outs: savedSearchOutputs(updated, inputs) };
}

/** Brings an existing saved search under management: it must exist; one PUT makes it the program's. */
async function adopt(target: StackTarget, id: string, inputs: SavedSearchInputs): Promise<dynamic.CreateResult<SavedSearchOutputs>> {
  await adoptable("saved search", id, `on ${target.key}`, () => orGone(stackWhereabouts(target, "saved-searches", id)));
  return { id, outs: savedSearchOutputs(await putSavedSearch(target, id, savedSearchBody(inputs)), inputs) };
}

/** One PUT of the whole saved search: fields left out of the program fall back to their defaults. */
export async function update(id: string, _olds: SavedSearchOutputs, news: SavedSearchInputs): Promise<dynamic.UpdateResult<SavedSearchOutputs>> {
  const target = targetOf(news);
  const updated = await updateUnlessGone(stackWhereabouts(target, "saved-searches", id), () => putSavedSearch(target, id, savedSearchBody(news)));
  return { outs: savedSearchOutputs(updated, news) };
}

/** The live saved search; an empty id when it is gone. */
export async function read(id: string, props: SavedSearchOutputs = {} as SavedSearchOutputs): Promise<dynamic.ReadResult<SavedSearchOutputs>> {
  const target = targetOf(props);
  const live = await readOrGone(stackWhereabouts(target, "saved-searches", id));
  return readResult(id, live && savedSearchOutputs(live, withTarget(props)));
}

/** Deletes the saved search (the server deletes the alerts on it); already gone is done, a missing route is an error. */
export async function remove(id: string, props: SavedSearchOutputs): Promise<void> {
  await deleteObject(targetOf(props), "saved-searches", id, settingsFor(props).pollIntervalMs);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-saved-search`). */
export const provider = connected<SavedSearchInputs, SavedSearchOutputs>({
  configure,
  check,
  diff,
  create,
  read,
  update,
  delete: remove,
}) satisfies dynamic.ResourceProvider<SavedSearchInputs, SavedSearchOutputs>;
