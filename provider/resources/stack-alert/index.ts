import { declaration } from "./declaration";
import { alertDiff } from "./diff";
import { provider } from "./engine";
import { stackAlertSpec } from "./schema";
import { defineResource } from "../../engine/definition";
import { fixedStamps } from "../../schemas/server-stamps";

/** An alert of the observability stack (`/alerts`), on a dashboard tile or a saved search. Listed in the registry (`provider/registry/index.ts`). */
export const stackAlert = defineResource({
  ...declaration,
  provider,
  spec: stackAlertSpec,
  diff: alertDiff,
  fixedOutputs: fixedStamps,
  gap: "no alert is sent until the new alert exists",
});
