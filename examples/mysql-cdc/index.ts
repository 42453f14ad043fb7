// Change data capture from a MySQL-style server: each listed table is replicated into its own table.
//
//   pulumi config set --secret mysqlPassword <password>
//   pulumi up
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
// Tables to replicate: adding or removing one changes the pipe in place (paused meanwhile).
const tables = (config.get("tables") ?? "users,orders")
  .split(",")
  .map((t) => t.trim())
  .filter(Boolean);

const binlog = new Pipe("binlog", {
  name: config.get("name") ?? "shop-cdc",
  source: {
    mysql: {
      // Host and port change in place; port defaults to 3306.
      host: config.get("host") ?? "mysql.example.test",
      credentials: {
        username: config.get("mysqlUser") ?? "replicator",
        password: config.requireSecret("mysqlPassword"),
      },
      // The replication mode and mechanism are fixed at creation.
      settings: { replicationMode: "cdc", replicationMechanism: config.get("replicationMechanism") === "FILE_POS" ? "FILE_POS" : "GTID" },
      tableMappings: tables.map((t) => ({ sourceSchemaName: "shop", sourceTable: t, targetTable: `shop_${t}` })),
    },
  },
  destination: { database: config.get("database") ?? "replica" },
});

export const pipeId = binlog.id;
export const state = binlog.state;
export const replicatedTables = binlog.source.apply((s) => (s.mysql?.tableMappings ?? []).map((m) => m.targetTable));
