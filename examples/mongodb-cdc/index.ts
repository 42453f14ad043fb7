// Collections of a document database replicated into tables, read from a secondary.
//
//   pulumi config set --secret mongodbPassword <password>
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
// Collections to replicate: adding or removing one changes the pipe in place (paused meanwhile).
const collections = (config.get("collections") ?? "users,orders")
  .split(",")
  .map((c) => c.trim())
  .filter(Boolean);

const oplog = new Pipe("oplog", {
  name: config.get("name") ?? "app-documents",
  source: {
    mongodb: {
      // The URI carries no login: user and password go in `credentials`, kept as a Pulumi secret.
      uri: config.get("uri") ?? "mongodb+srv://cluster0.example.test/app",
      readPreference: "secondaryPreferred",
      credentials: {
        username: config.get("mongodbUser") ?? "reader",
        password: config.requireSecret("mongodbPassword"),
      },
      // Fixed at creation: storing documents as native JSON or not replaces the pipe.
      settings: { replicationMode: "cdc", useJsonNativeFormat: config.getBoolean("jsonNative") ?? true },
      tableMappings: collections.map((c) => ({ sourceDatabaseName: "app", sourceCollection: c, targetTable: `app_${c}` })),
    },
  },
  destination: { database: "replica" },
});

export const pipeId = oplog.id;
export const state = oplog.state;
export const replicatedTables = oplog.source.apply((s) => (s.mongodb?.tableMappings ?? []).map((m) => m.targetTable));
