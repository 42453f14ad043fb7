// A continuous pipe from JSON files in object storage into a managed table. The access key's
// secret half is a secret config value; the pipe keeps it encrypted in state.
//
//   pulumi config set accessKeyId <access key id>
//   pulumi config set --secret secretKey <secret key>
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const columns = [
  { name: "path", type: "String" },
  { name: "size", type: "UInt64" },
  { name: "seen_at", type: "DateTime" },
];

const files = new Pipe("files", {
  name: config.get("name") ?? "bucket-files",
  source: {
    objectStorage: {
      format: "JSONEachRow",
      // Fixed at creation: another URL replaces the pipe.
      url: config.get("url") ?? "https://logs-bucket.s3.example.test/events/**.json",
      compression: "auto",
      isContinuous: true,
      authentication: "IAM_USER",
      accessKey: {
        accessKeyId: config.get("accessKeyId") ?? "AKIDEXAMPLEFILES",
        secretKey: config.requireSecret("secretKey"),
      },
    },
  },
  destination: { database: "default", table: "bucket_files", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
  // Scaling and settings change in place.
  scaling: { replicas: config.getNumber("replicas") ?? 1 },
  settings: { object_storage_concurrency: config.getNumber("concurrency") ?? 4 },
});

export const pipeId = files.id;
export const state = files.state;
export const url = files.source.apply((s) => s.objectStorage?.url);
export const concurrency = files.settings.apply((s) => s.object_storage_concurrency);
