// A one-off load of warehouse tables into replicated tables. The pipe ends Completed; the API
// changes nothing of it in place, so every change (a new key included) is a new pipe.
//
//   pulumi config set --secret serviceAccountFile "$(cat key.json)"
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const tables = (config.get("tables") ?? "sessions,purchases")
  .split(",")
  .map((t) => t.trim())
  .filter(Boolean);

const load = new Pipe("load", {
  name: config.get("name") ?? "warehouse-load",
  source: {
    bigquery: {
      // Where the snapshot is staged on its way (cleaned up after the load).
      snapshotStagingPath: config.get("stagingPath") ?? "https://staging.example.test/pipes/",
      settings: { replicationMode: "snapshot", snapshotNumberOfParallelTables: 2 },
      tableMappings: tables.map((t) => ({ sourceDatasetName: "analytics", sourceTable: t, targetTable: `analytics_${t}` })),
      credentials: { serviceAccountFile: config.requireSecret("serviceAccountFile") },
    },
  },
  destination: { database: "replica" },
});

export const pipeId = load.id;
export const state = load.state;
