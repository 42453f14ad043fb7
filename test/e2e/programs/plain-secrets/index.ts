// End-to-end test program (test/e2e/plain-secrets.test.ts): one resource per secret field, each
// credential passed as a plain string (not `requireSecret`), as a careless program would.
import * as pulumi from "@pulumi/pulumi";
import { Pipe, StackDashboard } from "pulumi-pipestack";
import { PLAIN } from "./secrets";

const settings = new pulumi.Config("pipestack");
const columns = [{ name: "id", type: "String" }];
const fieldMappings = [{ sourceField: "id", destinationField: "id" }];
const table = (name: string) => ({ database: "default", table: name.replace(/-/g, "_"), managedTable: true, columns });
const replica = { database: "replica" };

new Pipe("kafka", {
  source: {
    kafka: {
      format: "JSONEachRow",
      brokers: "broker-1.example.test:9092",
      topics: "events",
      authentication: "PLAIN",
      credentials: { username: "ingest", password: PLAIN.kafkaPassword },
      schemaRegistry: { url: "https://registry.example.test", authentication: "PLAIN", credentials: { username: "reg", password: PLAIN.registryPassword } },
    },
  },
  destination: table("kafka"),
  fieldMappings,
});

new Pipe("object-key", {
  source: {
    objectStorage: {
      format: "JSONEachRow",
      url: "https://bucket.example.test/a/**.json",
      authentication: "IAM_USER",
      accessKey: { accessKeyId: "AKIDPLAIN", secretKey: PLAIN.objectSecretKey },
    },
  },
  destination: table("object-key"),
  fieldMappings,
});

new Pipe("object-conn", {
  source: {
    objectStorage: {
      format: "JSONEachRow",
      url: "https://acct.blob.example.test/c/**.json",
      authentication: "CONNECTION_STRING",
      azureContainerName: "c",
      path: "**.json",
      connectionString: PLAIN.connectionString,
    },
  },
  destination: table("object-conn"),
  fieldMappings,
});

new Pipe("object-sa", {
  source: {
    objectStorage: {
      format: "JSONEachRow",
      url: "https://storage.example.test/bucket/**.json",
      authentication: "SERVICE_ACCOUNT",
      serviceAccountKey: PLAIN.objectServiceAccountKey,
    },
  },
  destination: table("object-sa"),
  fieldMappings,
});

new Pipe("kinesis", {
  source: {
    kinesis: {
      format: "JSONEachRow",
      streamName: "clicks",
      region: "region-1",
      iteratorType: "LATEST",
      authentication: "IAM_USER",
      accessKey: { accessKeyId: "AKIDKINPLAIN", secretKey: PLAIN.kinesisSecretKey },
    },
  },
  destination: table("kinesis"),
  fieldMappings,
});

new Pipe("postgres", {
  source: {
    postgres: {
      host: "db.example.test",
      database: "app",
      credentials: { username: "replicator", password: PLAIN.postgresPassword },
      tableMappings: [{ sourceSchemaName: "public", sourceTable: "users", targetTable: "pg_users" }],
    },
  },
  destination: replica,
});

new Pipe("pubsub", {
  source: {
    pubsub: {
      format: "JSONEachRow",
      projectId: "project-1",
      topic: "events",
      authentication: "SERVICE_ACCOUNT",
      seekType: "earliest",
      serviceAccountKey: { serviceAccountFile: PLAIN.pubsubKeyFile },
    },
  },
  destination: table("pubsub"),
  fieldMappings,
});

new Pipe("mysql", {
  source: {
    mysql: {
      host: "mysql.example.test",
      credentials: { username: "replicator", password: PLAIN.mysqlPassword },
      settings: { replicationMode: "cdc" },
      tableMappings: [{ sourceSchemaName: "shop", sourceTable: "users", targetTable: "my_users" }],
    },
  },
  destination: replica,
});

new Pipe("mongodb", {
  source: {
    mongodb: {
      uri: "mongodb+srv://cluster0.example.test/app",
      readPreference: "secondaryPreferred",
      credentials: { username: "reader", password: PLAIN.mongodbPassword },
      settings: { replicationMode: "cdc" },
      tableMappings: [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: "mg_users" }],
    },
  },
  destination: replica,
});

new Pipe("bigquery", {
  source: {
    bigquery: {
      snapshotStagingPath: "https://staging.example.test/pipes/",
      settings: { replicationMode: "snapshot" },
      tableMappings: [{ sourceDatasetName: "analytics", sourceTable: "sessions", targetTable: "bq_sessions" }],
      credentials: { serviceAccountFile: PLAIN.bigqueryKeyFile },
    },
  },
  destination: replica,
});

// The cloud key secret and the stack token, plain, in each resource's own connection.
new Pipe("connected", {
  connection: {
    apiUrl: settings.require("apiUrl"),
    keyId: settings.require("keyId"),
    keySecret: PLAIN.keySecret,
    organizationId: settings.require("organizationId"),
    serviceId: settings.require("serviceId"),
  },
  source: {
    kinesis: { format: "JSONEachRow", streamName: "conn", region: "region-1", authentication: "IAM_ROLE", iamRole: "arn:cloud:iam::000000000000:role/ingest" },
  },
  destination: table("connected"),
  fieldMappings,
});

new StackDashboard("board", {
  connection: { stackUrl: settings.require("stackUrl"), stackToken: PLAIN.stackToken },
  tiles: [{ name: "Errors", x: 0, y: 0, w: 6, h: 3, series: [{ type: "time", dataSource: "events", aggFn: "count" }] }],
});
