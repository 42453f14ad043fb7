import { declaration } from "./declaration";
import { connectionDiff } from "./diff";
import { provider } from "./engine";
import { stackConnectionSpec } from "./schema";
import { defineResource } from "../../engine/definition";
import { fixedStamps } from "../../schemas/server-stamps";

/** A connection of the observability stack (`/connections`). Listed in the registry (`provider/registry/index.ts`). */
export const stackConnection = defineResource({
  ...declaration,
  provider,
  spec: stackConnectionSpec,
  diff: connectionDiff,
  fixedOutputs: fixedStamps,
  gap: "sources on the connection cannot be queried until the new one exists (and must name its new id)",
});
