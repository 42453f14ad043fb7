import { declaration } from "./declaration";
import { savedSearchDiff } from "./diff";
import { provider } from "./engine";
import { stackSavedSearchSpec } from "./schema";
import { defineResource } from "../../registry/definition";

/** A saved search of the observability stack (`/saved-searches`). Listed in the registry (`provider/registry/index.ts`). */
export const stackSavedSearch = defineResource({
  ...declaration,
  provider,
  spec: stackSavedSearchSpec,
  diff: savedSearchDiff,
  fixedOutputs: ["createdAt"],
  gap: "the search is gone until the new one exists, and alerts on it with it",
});
