// End-to-end test program (test/e2e/dashboard-extras.test.ts): a dashboard with the fields only
// current stack servers keep, on the stack of the configured service.
import * as pulumi from "@pulumi/pulumi";
import { StackDashboard } from "pulumi-pipestack";

const sourceId = new pulumi.Config().require("sourceId");

export const boardId = new StackDashboard("extras", {
  tiles: [
    {
      name: "Errors",
      x: 0,
      y: 0,
      w: 12,
      h: 4,
      containerId: "errors",
      tabId: "by-service",
      series: [{ type: "time", dataSource: "events", sourceId, aggFn: "count", field: "", where: "level:error" }],
    },
  ],
  filters: [{ type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId }],
  savedQuery: "level:error",
  savedQueryLanguage: "lucene",
  savedFilterValues: [{ condition: "ServiceName IN ('checkout')" }],
  containers: [{ id: "errors", title: "Errors", collapsed: false, tabs: [{ id: "by-service", title: "By service" }] }],
}).id;
