import { declaration } from "./declaration";
import { dashboardDiff } from "./diff";
import { provider } from "./engine";
import { stackDashboardSpec } from "./schema";
import { defineResource } from "../../engine/definition";

/** A dashboard of the observability stack (`/dashboards`). Listed in the registry (`provider/registry/index.ts`). */
export const stackDashboard = defineResource({
  ...declaration,
  provider,
  spec: stackDashboardSpec,
  diff: dashboardDiff,
  fixedOutputs: [],
  gap: "the dashboard is gone until the new one exists, and alerts on its tiles with it",
});
