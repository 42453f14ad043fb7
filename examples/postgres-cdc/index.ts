// Change data capture from Postgres: each listed table is replicated into its own table.
//
//   pulumi config set --secret postgresPassword <password>
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
// Tables to replicate: adding or removing one changes the pipe in place.
const tables = (config.get("tables") ?? "users,orders")
  .split(",")
  .map((t) => t.trim())
  .filter(Boolean);

const cdc = new Pipe("cdc", {
  name: config.get("name") ?? "app-cdc",
  source: {
    postgres: {
      host: config.get("host") ?? "db.example.test",
      port: 5432,
      database: "app",
      credentials: {
        username: config.get("postgresUser") ?? "replicator",
        password: config.requireSecret("postgresPassword"),
      },
      settings: { syncIntervalSeconds: 30, pullBatchSize: 1000 },
      tableMappings: tables.map((t) => ({ sourceSchemaName: "public", sourceTable: t, targetTable: `public_${t}` })),
    },
  },
  // Fixed at creation: another destination database replaces the pipe.
  destination: { database: config.get("database") ?? "replica" },
  // Run state from code: `pulumi config set stopped true` pauses the pipe, `false` resumes it;
  // a new `resyncToken` value asks for one resync.
  stopped: config.getBoolean("stopped"),
  resyncToken: config.get("resyncToken"),
});

export const pipeId = cdc.id;
export const state = cdc.state;
export const replicatedTables = cdc.source.apply((s) => (s.postgres?.tableMappings ?? []).map((m) => m.targetTable));
