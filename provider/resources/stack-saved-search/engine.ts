import type { StackTarget } from "../../client/stack-target";
import { stackSavedSearchSpec } from "./schema";
import type { StackSavedSearchRecord } from "./record";
import type { SavedSearchInputs, SavedSearchOutputs } from "./policy";
import { createMarker } from "../../engine/create-once";
import { defineEngine } from "../../engine/define-engine";
import { recorded } from "../../engine/init-error";
import { createSavedSearch, putSavedSearch, savedSearches } from "./api";
import { savedSearchBody, savedSearchOutputs } from "./body";
import { savedSearchDiff } from "./diff";
import { markedObject } from "../../engine/stack/marked-object";
import { checkStackObject, withTarget } from "../../engine/stack/target";
import { unmarked } from "../../engine/stack/unmark";

async function create(target: StackTarget, inputs: SavedSearchInputs): Promise<{ id: string; outs: SavedSearchOutputs }> {
  // The create's marker rides in `tags`; the PUT right after gives the saved search the program's tags.
  const body = savedSearchBody(inputs);
  const created = await createSavedSearch(target, body, { field: "tags", value: createMarker() });
  const put = () => putSavedSearch(target, created.id, body);
  const updated = await unmarked("saved search", created.id, put, () => recorded(savedSearchOutputs(created, inputs), inputs));
  return { id: created.id, outs: savedSearchOutputs(updated, inputs) };
}

/** One PUT of the whole saved search (also to adopt one): fields left out of the program fall back to their defaults. */
async function put(target: StackTarget, id: string, inputs: SavedSearchInputs): Promise<SavedSearchOutputs> {
  return savedSearchOutputs(await putSavedSearch(target, id, savedSearchBody(inputs)), inputs);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-saved-search`). */
export const provider = defineEngine<SavedSearchInputs, SavedSearchOutputs, StackTarget, StackSavedSearchRecord>({
  // Connections, sources and saved searches: the current servers only, no name unique, one PUT adopts and updates.
  ...markedObject(savedSearches, "saved searches", put),
  // Values not known yet pass.
  validate: (news) => checkStackObject(news, stackSavedSearchSpec),
  // Every field updates in place, a move to another stack replaces.
  rules: savedSearchDiff,
  create,
  refreshed: (live, props) => savedSearchOutputs(live, withTarget(props)),
});
