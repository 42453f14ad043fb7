/**
 * Pipe create bodies as the cloud API takes them, one per source kind, small and each valid:
 * the emulator's own tests vary them field by field (provider tests use pipe-fixtures.ts, a
 * program's inputs). No assertions live here.
 */

const COLUMNS = [
  { name: "id", type: "UInt64" },
  { name: "ts", type: "DateTime64(3)" },
  { name: "body", type: "String" },
];
/** Fresh copies each time: tests change the bodies they get. */
const columns = () => structuredClone(COLUMNS);
const mappings = () => COLUMNS.map((c) => ({ sourceField: c.name, destinationField: c.name }));

/** A valid kafka pipe create body; `table` defaults to the name so pipes do not clash. */
export function kafkaPipe(name: string, extra: Record<string, unknown> = {}): Record<string, any> {
  return {
    name,
    source: {
      kafka: {
        type: "kafka",
        format: "JSONEachRow",
        brokers: "broker-1:9092,broker-2:9092",
        topics: "events",
        authentication: "PLAIN",
        credentials: { username: "svc-user", password: "kafka-pass-4242" },
      },
    },
    destination: {
      database: "default",
      table: `t_${name.replace(/\W/g, "_")}`,
      managedTable: true,
      tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
      columns: columns(),
    },
    fieldMappings: mappings(),
    ...extra,
  };
}

/** A valid object storage pipe create body (one-off unless `isContinuous`). */
export function objectStoragePipe(name: string, isContinuous = false): Record<string, any> {
  return {
    name,
    source: {
      objectStorage: {
        format: "JSONEachRow",
        url: "https://bucket.example.test/logs/**.json",
        isContinuous,
        authentication: "IAM_USER",
        accessKey: { accessKeyId: "AKIDEXAMPLE", secretKey: "object-secret-9999" },
      },
    },
    destination: {
      database: "default",
      table: `t_${name.replace(/\W/g, "_")}`,
      managedTable: true,
      tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
      columns: columns(),
    },
    fieldMappings: mappings(),
  };
}

/** A valid kinesis pipe create body. */
export function kinesisPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      kinesis: {
        format: "JSONEachRow",
        streamName: "clicks",
        region: "region-1",
        iteratorType: "TRIM_HORIZON",
        authentication: "IAM_USER",
        accessKey: { accessKeyId: "AKIDEXAMPLE", secretKey: "kinesis-secret-7777" },
      },
    },
    destination: { database: "default", table: `t_${name.replace(/\W/g, "_")}`, managedTable: true, columns: columns() },
    fieldMappings: mappings(),
  };
}

/** A valid postgres (database) pipe create body. */
export function postgresPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      postgres: {
        host: "db.example.test",
        port: 5432,
        database: "app",
        credentials: { username: "replicator", password: "pg-pass-31337" },
        settings: { replicationMode: "cdc", syncIntervalSeconds: 60 },
        tableMappings: [{ sourceSchemaName: "public", sourceTable: "users", targetTable: `${name}_users` }],
      },
    },
    destination: { database: "replica" },
  };
}

/** A valid pubsub (streaming) pipe create body. */
export function pubsubPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      pubsub: {
        format: "JSONEachRow",
        projectId: "project-1",
        topic: "events",
        authentication: "SERVICE_ACCOUNT",
        seekType: "earliest",
        serviceAccountKey: { serviceAccountFile: "pubsub-key-file-5151" },
      },
    },
    destination: { database: "default", table: `t_${name.replace(/\W/g, "_")}`, managedTable: true, columns: columns() },
    fieldMappings: mappings(),
  };
}

/** A valid mysql (database) pipe create body. */
export function mysqlPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      mysql: {
        host: "mysql.example.test",
        port: 3306,
        credentials: { username: "replicator", password: "mysql-pass-6262" },
        settings: { replicationMode: "cdc" },
        tableMappings: [{ sourceSchemaName: "shop", sourceTable: "users", targetTable: `${name}_users` }],
      },
    },
    destination: { database: "replica" },
  };
}

/** A valid mongodb (database) pipe create body. */
export function mongodbPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      mongodb: {
        uri: "mongodb://db.example.test/app",
        readPreference: "primary",
        credentials: { username: "reader", password: "mongo-pass-7373" },
        settings: { replicationMode: "cdc" },
        tableMappings: [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: `${name}_users` }],
      },
    },
    destination: { database: "replica" },
  };
}

/** A valid bigquery (snapshot-only database) pipe create body. */
export function bigqueryPipe(name: string): Record<string, any> {
  return {
    name,
    source: {
      bigquery: {
        settings: { replicationMode: "snapshot" },
        tableMappings: [{ sourceDatasetName: "analytics", sourceTable: "sessions", targetTable: `${name}_sessions` }],
        credentials: { serviceAccountFile: "warehouse-key-file-8484" },
      },
    },
    destination: { database: "replica" },
  };
}
