// A Kafka pipe whose brokers sit in a private network: the pipe reaches them through the
// service's reverse private endpoints that are Ready, listed by getReversePrivateEndpointsOutput.
//
//   pulumi config set --secret kafkaPassword <password>
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe, getReversePrivateEndpointsOutput } from "pulumi-pipestack";

const config = new pulumi.Config();

// Narrowing the list (e.g. `pulumi config set endpointType VPC_ENDPOINT_SERVICE`) changes the
// pipe in place.
const endpoints = getReversePrivateEndpointsOutput({
  status: "Ready",
  type: config.get<"VPC_ENDPOINT_SERVICE" | "VPC_RESOURCE">("endpointType"),
});

const columns = [
  { name: "order_id", type: "String" },
  { name: "amount", type: "Decimal(18, 2)" },
  { name: "placed_at", type: "DateTime64(3)" },
];

const orders = new Pipe("orders", {
  name: config.get("name") ?? "private-orders",
  source: {
    kafka: {
      format: "JSONEachRow",
      // Fixed at creation: a new broker list replaces the pipe.
      brokers: config.get("brokers") ?? "broker-1.kafka.internal:9096,broker-2.kafka.internal:9096",
      topics: config.get("topics") ?? "orders",
      authentication: "SCRAM-SHA-512",
      credentials: {
        username: config.get("kafkaUsername") ?? "orders-reader",
        password: config.requireSecret("kafkaPassword"),
      },
      reversePrivateEndpointIds: endpoints.apply((list) => list.map((e) => e.id)),
      offset: { strategy: "from_beginning" },
    },
  },
  destination: { database: "default", table: "orders", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
});

export const pipeId = orders.id;
export const state = orders.state;
export const endpointIds = orders.source.apply((s) => s.kafka?.reversePrivateEndpointIds ?? []);
export const endpointDescriptions = endpoints.apply((list) => list.map((e) => e.description ?? e.id));
