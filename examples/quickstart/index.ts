// Quickstart: one pipe from a Kafka topic into a managed table.
//
//   pulumi config set pipestack:apiUrl https://api.example.com
//   pulumi config set pipestack:keyId <key id>
//   pulumi config set --secret pipestack:keySecret <key secret>
//   pulumi config set pipestack:organizationId <organization id>
//   pulumi config set pipestack:serviceId <service id>
//   pulumi config set --secret kafkaPassword <password>
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const columns = [
  { name: "id", type: "String" },
  { name: "ts", type: "DateTime" },
  { name: "message", type: "String" },
];

const events = new Pipe("events", {
  // Renaming changes the pipe in place.
  name: config.get("name") ?? "quickstart-events",
  source: {
    kafka: {
      format: "JSONEachRow",
      // Brokers and topics are fixed at creation: changing them replaces the pipe.
      brokers: config.get("brokers") ?? "broker-1.example.test:9092",
      topics: config.get("topics") ?? "events",
      authentication: "PLAIN",
      credentials: {
        username: config.get("kafkaUsername") ?? "ingest",
        password: config.requireSecret("kafkaPassword"),
      },
      offset: { strategy: "from_latest" },
    },
  },
  destination: { database: "default", table: config.get("table") ?? "quickstart_events", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
  // Scaling changes in place.
  scaling: { replicas: config.getNumber("replicas") ?? 1 },
});

export const pipeId = events.id;
export const pipeName = events.name;
export const state = events.state;
export const topics = events.source.apply((s) => s.kafka?.topics);
export const replicas = events.scaling.apply((s) => s?.replicas);
