// A pipe from a Kinesis-style stream into a managed table, read from a point in time.
//
//   pulumi config set --secret secretKey <secret key>
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const columns = [
  { name: "user_id", type: "String" },
  { name: "page", type: "String" },
  { name: "clicked_at", type: "DateTime" },
];

const clicks = new Pipe("clicks", {
  name: config.get("name") ?? "stream-clicks",
  source: {
    kinesis: {
      format: "JSONEachRow",
      // Stream and region are fixed at creation: changing them replaces the pipe.
      streamName: config.get("streamName") ?? "clicks",
      region: config.get("region") ?? "us-east-1",
      iteratorType: "AT_TIMESTAMP",
      timestamp: 1_767_225_600,
      authentication: "IAM_USER",
      accessKey: {
        accessKeyId: config.get("accessKeyId") ?? "AKIDEXAMPLESTREAM",
        secretKey: config.requireSecret("secretKey"),
      },
    },
  },
  destination: { database: "default", table: "clicks", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
  scaling: { replicas: config.getNumber("replicas") ?? 1 },
});

export const pipeId = clicks.id;
export const state = clicks.state;
export const streamName = clicks.source.apply((s) => s.kinesis?.streamName);
