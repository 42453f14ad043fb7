// A Kafka pipe whose brokers sit in a private network. The program makes its own reverse
// private endpoint to the brokers' endpoint service and feeds its id to the pipe; the pipe also
// uses Ready endpoints made elsewhere, listed by getReversePrivateEndpointsOutput.
//
//   pulumi config set --secret kafkaPassword <password>
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe, ReversePrivateEndpoint, getReversePrivateEndpointsOutput } from "pulumi-pipestack";

const config = new pulumi.Config();

// Created, then waited for until Ready. Only the private DNS names change in place
// (`pulumi config set privateDnsName ...`); another endpoint service makes a new endpoint.
const brokers = new ReversePrivateEndpoint("brokers", {
  description: "orders brokers",
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: config.get("endpointService") ?? "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
  customPrivateDnsMappings: [{ privateDnsName: config.get("privateDnsName") ?? "*.kafka.internal" }],
});

// Endpoints made elsewhere, found by what their descriptions say (this program's own says
// otherwise, so it is never listed twice).
const shared = getReversePrivateEndpointsOutput({ status: "Ready", descriptionContains: config.get("sharedEndpoints") ?? "kafka" });

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
      // A new endpoint (after a replacement) changes the pipe in place.
      reversePrivateEndpointIds: pulumi.all([brokers.id, shared]).apply(([own, list]) => [own, ...list.map((e) => e.id)]),
      offset: { strategy: "from_beginning" },
    },
  },
  destination: { database: "default", table: "orders", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
});

export const pipeId = orders.id;
export const state = orders.state;
export const endpointId = brokers.id;
export const endpointStatus = brokers.status;
export const endpointIds = orders.source.apply((s) => s.kafka?.reversePrivateEndpointIds ?? []);
export const endpointDescriptions = shared.apply((list) => list.map((e) => e.description ?? e.id));
