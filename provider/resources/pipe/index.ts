import { declaration } from "./declaration";
import { wouldCollide, pipeDiff } from "./diff";
import { provider } from "./engine";
import { pipeSpecShape } from "./schema";
import { defineResource } from "../../engine/definition";
import { fixedStamps } from "../../schemas/server-stamps";

/** A pipe: ingestion from a source into a destination table (the cloud API's `/pipes`). Listed in the registry (`provider/registry/index.ts`). */
export const pipe = defineResource({
  ...declaration,
  provider,
  spec: pipeSpecShape,
  diff: pipeDiff,
  fixedOutputs: fixedStamps,
  gap: "ingestion stops until the new pipe runs (an ingestion gap)",
  collides: (olds, news) => wouldCollide(olds as never, news as never),
});
