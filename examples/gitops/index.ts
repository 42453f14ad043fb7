// An infra repository run by pull requests (see ci-workflow.yml beside this file): every kind of
// resource of the package, each setting a pull request might change read from stack config.
//
//   pulumi config set --secret kafkaPassword <password>
//   pulumi config set webhookId <id of a webhook of the stack>
//   pulumi preview --json --show-replacement-steps | npx pipestack-pr-summary > comment.md
import * as pulumi from "@pulumi/pulumi";
import { Pipe, type PipeArgs, ReversePrivateEndpoint, StackAlert, StackDashboard, StackSavedSearch, getStackSourcesOutput } from "pulumi-pipestack";

const config = new pulumi.Config();

// Another endpoint service makes a new endpoint; the private DNS names change in place.
const brokers = new ReversePrivateEndpoint("brokers", {
  description: "orders brokers",
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: config.get("endpointService") ?? "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
  customPrivateDnsMappings: [{ privateDnsName: config.get("privateDnsName") ?? "*.kafka.internal" }],
});

const columns = [
  { name: "order_id", type: "String" },
  { name: "amount", type: "Float64" },
];

// Topics are fixed at creation: a new topic list replaces the pipe, and since the new pipe keeps
// the name and table, the old one is deleted first (the summary says so, loudly). A pull request
// may also rename the resource (`pipeResourceName`): the alias keeps it the same object.
const ordersResource = config.get("pipeResourceName") ?? "orders";
const ordersArgs: PipeArgs = {
  name: config.get("pipeName") ?? "orders",
  source: {
    kafka: {
      format: "JSONEachRow",
      brokers: "broker-1.kafka.internal:9096",
      topics: config.get("topics") ?? "orders",
      authentication: "PLAIN",
      credentials: { username: "orders-reader", password: config.requireSecret("kafkaPassword") },
      reversePrivateEndpointIds: [brokers.id],
    },
  },
  destination: { database: "default", table: config.get("table") ?? "orders", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
  scaling: { replicas: config.getNumber("replicas") ?? 1 },
};
const orders = new Pipe(ordersResource, ordersArgs, ordersResource === "orders" ? {} : { aliases: [{ name: "orders" }] });

// A second pipe, added by a pull request that sets `refundsPipe: true`.
if (config.getBoolean("refundsPipe")) {
  new Pipe("refunds", {
    name: "refunds",
    source: { objectStorage: { url: "https://bucket.example.test/refunds/**.json", format: "JSONEachRow", isContinuous: true } },
    destination: { database: "default", table: "refunds", managedTable: true, columns },
    fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
  });
}

const logs = getStackSourcesOutput().apply((list) => {
  const found = list.find((s) => s.kind === "log");
  if (!found) throw new Error("the stack has no log source");
  return found.id;
});

const board = new StackDashboard("orders-board", {
  name: config.get("dashboardName") ?? "Orders",
  tiles: [
    {
      name: "Errors",
      x: 0,
      y: 0,
      w: 12,
      h: 4,
      config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count", where: "level:error service:orders" }] },
    },
    {
      name: "Volume",
      x: 12,
      y: 0,
      w: config.getNumber("volumeWidth") ?? 4,
      h: 4,
      config: { displayType: "number", sourceId: logs, select: [{ aggFn: "count" }] },
    },
  ],
  tags: ["orders"],
});

new StackAlert("orders-errors", {
  name: "Orders errors",
  source: "tile",
  dashboardId: board.id,
  tile: "Errors",
  threshold: config.getNumber("errorThreshold") ?? 10,
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
});

// Removed by a pull request that sets `errorSearch: false`.
if (config.getBoolean("errorSearch") ?? true) {
  new StackSavedSearch("orders-error-search", {
    name: "Orders errors",
    sourceId: logs,
    where: config.get("searchFilter") ?? "level:error service:orders",
    tags: ["orders"],
  });
}

export const pipeId = orders.id;
export const dashboardId = board.id;
