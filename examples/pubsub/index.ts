// A pipe from a managed message topic into a managed table, read from the earliest message.
//
//   pulumi config set --secret serviceAccountFile "$(cat key.json)"
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const columns = [
  { name: "event_id", type: "String" },
  { name: "kind", type: "String" },
  { name: "sent_at", type: "DateTime" },
];

const events = new Pipe("events", {
  name: config.get("name") ?? "topic-events",
  source: {
    pubsub: {
      format: "JSONEachRow",
      // Project and topic are fixed at creation: changing them replaces the pipe.
      projectId: config.get("projectId") ?? "analytics-project",
      topic: config.get("topic") ?? "events",
      authentication: "SERVICE_ACCOUNT",
      seekType: "earliest",
      // Changes in place (sent with the key, as the API's update form requires).
      ackDeadline: config.getNumber("ackDeadline") ?? 60,
      // Kept as a Pulumi secret, never returned by the API; a new key is sent in place.
      serviceAccountKey: { serviceAccountFile: config.requireSecret("serviceAccountFile") },
    },
  },
  destination: { database: "default", table: "events", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
});

export const pipeId = events.id;
export const state = events.state;
export const topic = events.source.apply((s) => s.pubsub?.topic);
