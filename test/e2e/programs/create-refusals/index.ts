// End-to-end test program (test/e2e/create-refusals.test.ts): four resources a current stack
// server takes, and a dashboard whose table series sets `sortOrder` without `field` while the
// config `sortOrder` is true (the server would drop it: `up` refuses it, and so must `preview`).
import * as pulumi from "@pulumi/pulumi";
import { StackDashboard, StackSavedSearch, getStackSourcesOutput } from "pulumi-pipestack";

const config = new pulumi.Config();
const sortOrder = config.getBoolean("sortOrder") ?? false;
const logs = getStackSourcesOutput().apply((list) => list.find((s) => s.kind === "log")!.id);

new StackSavedSearch("errors", { name: "Errors", sourceId: logs, where: "level:error" });
new StackSavedSearch("warnings", { name: "Warnings", sourceId: logs, where: "level:warn" });
new StackDashboard("volume", {
  name: "Volume",
  tiles: [{ name: "Volume", x: 0, y: 0, w: 24, h: 4, series: [{ type: "time", dataSource: "events", sourceId: logs, aggFn: "count" }] }],
});
new StackDashboard("latency", {
  name: "Latency",
  tiles: [{ name: "Latency", x: 0, y: 0, w: 24, h: 4, series: [{ type: "time", dataSource: "events", sourceId: logs, aggFn: "avg", field: "duration" }] }],
});
new StackDashboard("routes", {
  name: "Routes",
  tiles: [
    {
      name: "Top routes",
      x: 0,
      y: 0,
      w: 24,
      h: 4,
      series: [
        { type: "table", dataSource: "events", sourceId: logs, aggFn: "count", groupBy: ["route"], ...(sortOrder ? { sortOrder: "asc" as const } : {}) },
      ],
    },
  ],
});
