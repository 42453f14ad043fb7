/** Pipe inputs as a program would pass them, one per source kind, for unit and provider tests. */

export const columns = [
  { name: "id", type: "String" },
  { name: "ts", type: "DateTime" },
  { name: "value", type: "Float64" },
];

export const mappings = columns.map((c) => ({ sourceField: c.name, destinationField: c.name }));

export const kafkaPipe = (name = "events") => ({
  name,
  source: {
    kafka: {
      format: "JSONEachRow",
      brokers: "broker-1.example.test:9092",
      topics: "events",
      authentication: "PLAIN",
      credentials: { username: "ingest", password: "kafka-password-plain-1234" },
      offset: { strategy: "from_timestamp", timestamp: "2026-01-02T03:04" },
    },
  },
  destination: { database: "default", table: `${name}_table`, managedTable: true, columns, roles: ["ingest_role"] },
  fieldMappings: mappings,
  scaling: { replicas: 2, replicaCpuMillicores: 250, replicaMemoryGb: 1 },
  settings: { streaming_max_insert_wait_ms: 5000 },
});

export const objectStoragePipe = (name = "files") => ({
  name,
  source: {
    objectStorage: {
      format: "JSONEachRow",
      url: "https://bucket.example.test/data/**.json",
      compression: "auto",
      isContinuous: true,
      authentication: "IAM_USER",
      accessKey: { accessKeyId: "AKIDEXAMPLE", secretKey: "object-secret-key-5678" },
    },
  },
  destination: { database: "default", table: `${name}_table`, managedTable: true, columns },
  fieldMappings: mappings,
});

export const kinesisPipe = (name = "stream") => ({
  name,
  source: {
    kinesis: {
      format: "JSONEachRow",
      streamName: "clicks",
      region: "region-1",
      iteratorType: "AT_TIMESTAMP",
      timestamp: 1_767_225_600,
      authentication: "IAM_USER",
      accessKey: { accessKeyId: "AKIDKINESIS", secretKey: "kinesis-secret-key-9012" },
    },
  },
  destination: { database: "default", table: `${name}_table`, managedTable: true, columns },
  fieldMappings: mappings,
});

export const postgresPipe = (name = "cdc") => ({
  name,
  source: {
    postgres: {
      host: "db.example.test",
      port: 5432,
      database: "app",
      credentials: { username: "replicator", password: "postgres-password-3456" },
      settings: { syncIntervalSeconds: 30, pullBatchSize: 1000 },
      tableMappings: [
        { sourceSchemaName: "public", sourceTable: "users", targetTable: "public_users" },
        { sourceSchemaName: "public", sourceTable: "orders", targetTable: "public_orders" },
      ],
    },
  },
  destination: { database: "replica" },
});

/** Every plaintext secret of the fixtures, to search for in outputs, state and errors. */
export const fixtureSecrets = [
  "kafka-password-plain-1234",
  "object-secret-key-5678",
  "kinesis-secret-key-9012",
  "postgres-password-3456",
  "pubsub-service-account-7788",
  "mysql-password-2468",
  "mongodb-password-1357",
  "bigquery-service-account-8642",
];

export const pubsubPipe = (name = "topic") => ({
  name,
  source: {
    pubsub: {
      format: "JSONEachRow",
      projectId: "project-1",
      topic: "events",
      authentication: "SERVICE_ACCOUNT",
      seekType: "earliest",
      ackDeadline: 60,
      serviceAccountKey: { serviceAccountFile: "pubsub-service-account-7788" },
    },
  },
  destination: { database: "default", table: `${name}_table`, managedTable: true, columns },
  fieldMappings: mappings,
});

export const mysqlPipe = (name = "binlog") => ({
  name,
  source: {
    mysql: {
      host: "mysql.example.test",
      port: 3306,
      credentials: { username: "replicator", password: "mysql-password-2468" },
      settings: { replicationMode: "cdc", syncIntervalSeconds: 30 },
      tableMappings: [
        { sourceSchemaName: "shop", sourceTable: "users", targetTable: "shop_users" },
        { sourceSchemaName: "shop", sourceTable: "orders", targetTable: "shop_orders", partitionKey: "id" },
      ],
    },
  },
  destination: { database: "replica" },
});

export const mongodbPipe = (name = "oplog") => ({
  name,
  source: {
    mongodb: {
      uri: "mongodb+srv://cluster0.example.test/app",
      readPreference: "secondaryPreferred",
      credentials: { username: "reader", password: "mongodb-password-1357" },
      settings: { replicationMode: "cdc", pullBatchSize: 1000 },
      tableMappings: [
        { sourceDatabaseName: "app", sourceCollection: "users", targetTable: "app_users" },
        { sourceDatabaseName: "app", sourceCollection: "orders", targetTable: "app_orders", tableEngine: "ReplacingMergeTree" },
      ],
    },
  },
  destination: { database: "replica" },
});

export const bigqueryPipe = (name = "warehouse") => ({
  name,
  source: {
    bigquery: {
      snapshotStagingPath: "https://staging.example.test/pipes/",
      settings: { replicationMode: "snapshot" },
      tableMappings: [{ sourceDatasetName: "analytics", sourceTable: "sessions", targetTable: "analytics_sessions" }],
      credentials: { serviceAccountFile: "bigquery-service-account-8642" },
    },
  },
  destination: { database: "replica" },
});

/** The source kinds added after the first four, with their fixture and secret. */
export const newKindPipes = { pubsub: pubsubPipe, mysql: mysqlPipe, mongodb: mongodbPipe, bigquery: bigqueryPipe };
