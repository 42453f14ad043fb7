import { declaration } from "./declaration";
import { listing } from "./listing";
import { sourceDiff } from "./diff";
import { provider } from "./engine";
import { stackSourceSpec } from "./schema";
import { defineResource } from "../../engine/definition";

/** A source of the observability stack (`/sources`). Listed in the registry (`provider/registry/index.ts`). */
export const stackSource = defineResource({
  ...declaration,
  provider,
  spec: stackSourceSpec,
  diff: sourceDiff,
  fixedOutputs: [],
  gap: "searches, tiles and alerts on the source find nothing until the new one exists (and must name its new id)",
  listing,
});
