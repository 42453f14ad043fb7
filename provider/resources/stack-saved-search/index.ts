import { declaration } from "./declaration";
import { savedSearchDiff } from "./diff";
import { provider } from "./engine";
import { stackSavedSearchSpec } from "./schema";
import { defineResource } from "../../engine/definition";
import { fixedStamps } from "../../schemas/server-stamps";

/** A saved search of the observability stack (`/saved-searches`). Listed in the registry (`provider/registry/index.ts`). */
export const stackSavedSearch = defineResource({
  ...declaration,
  provider,
  spec: stackSavedSearchSpec,
  diff: savedSearchDiff,
  fixedOutputs: fixedStamps,
  gap: "the search is gone until the new one exists, and alerts on it with it",
});
