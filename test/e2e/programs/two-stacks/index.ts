// End-to-end test program (test/e2e/two-stacks.test.ts): the same pipe and dashboard, run by two
// stacks against one service at once. Neither stack may ever record the other's object.
import { Pipe, StackDashboard } from "pulumi-pipestack";

const columns = [
  { name: "id", type: "String" },
  { name: "value", type: "Float64" },
];

const pipe = new Pipe("events", {
  name: "shared-events",
  source: { objectStorage: { url: "https://bucket.example.test/events/**.json", format: "JSONEachRow", isContinuous: true } },
  destination: { database: "default", table: "shared_events", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
});

const board = new StackDashboard("board", {
  name: "shared-board",
  tiles: [{ name: "Errors", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count", where: "level:error" }] }],
});

export const pipeId = pipe.id;
export const dashboardId = board.id;
