import type { NativeResource } from "./resources";

type ResourceTypeName = NativeResource["name"];

/**
 * One example program per resource, written once as data and rendered into TypeScript, Python, Go
 * and YAML (example-code.ts) for the package schema's descriptions (so each generated SDK's docs
 * carry it in its language) and the reference pages. The inputs are the schema's (camelCase).
 */

/** A value read from the stack's config (`pulumi config set [--secret] <name> ...`). */
export interface ConfigValue {
  readonly $config: string;
}
/** The id of another resource of the same program. */
export interface IdOf {
  readonly $idOf: string;
}
export type ExampleValue = string | number | boolean | ConfigValue | IdOf | readonly ExampleValue[] | { readonly [key: string]: ExampleValue };

export interface ExampleResource {
  /** The resource's name in the program (its variable is the name in camelCase). */
  readonly name: string;
  readonly type: ResourceTypeName;
  readonly inputs: { readonly [key: string]: ExampleValue };
}
export interface ExampleProgram {
  readonly title: string;
  /** The config values the program reads, secret or not. */
  readonly config: readonly { readonly name: string; readonly secret: boolean }[];
  readonly resources: readonly ExampleResource[];
}

const config = (name: string): ConfigValue => ({ $config: name });
const idOf = (name: string): IdOf => ({ $idOf: name });

/** The example of each resource: the one it is listed under, others it needs before it. */
export const examples: { readonly [K in ResourceTypeName]: ExampleProgram } = {
  Pipe: {
    title: "A pipe from Kafka topics into a table it creates",
    config: [{ name: "kafkaPassword", secret: true }],
    resources: [
      {
        name: "events",
        type: "Pipe",
        inputs: {
          source: {
            kafka: {
              brokers: "broker-1.example.test:9092",
              topics: "events",
              format: "JSONEachRow",
              authentication: "PLAIN",
              credentials: { username: "ingest", password: config("kafkaPassword") },
            },
          },
          destination: { table: "events", managedTable: true, columns: [{ name: "id", type: "String" }] },
          fieldMappings: [{ sourceField: "id", destinationField: "id" }],
        },
      },
    ],
  },
  ReversePrivateEndpoint: {
    title: "A reverse private endpoint to brokers behind an endpoint service",
    config: [],
    resources: [
      {
        name: "brokers",
        type: "ReversePrivateEndpoint",
        inputs: {
          description: "kafka brokers",
          type: "VPC_ENDPOINT_SERVICE",
          vpcEndpointServiceName: "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
          customPrivateDnsMappings: [{ privateDnsName: "*.kafka.internal.example.com" }],
        },
      },
    ],
  },
  StackDashboard: {
    title: "A dashboard with a chart of errors and the latest of them",
    config: [{ name: "logsSourceId", secret: false }],
    resources: [
      {
        name: "checkout",
        type: "StackDashboard",
        inputs: {
          tiles: [
            {
              name: "Errors",
              x: 0,
              y: 0,
              w: 12,
              h: 4,
              config: {
                displayType: "line",
                sourceId: config("logsSourceId"),
                select: [{ aggFn: "count", where: "level:error" }],
                groupBy: "service",
              },
            },
            {
              name: "Latest errors",
              x: 12,
              y: 0,
              w: 12,
              h: 4,
              config: { displayType: "search", sourceId: config("logsSourceId"), selectText: "timestamp, service, body", where: "level:error" },
            },
          ],
          tags: ["checkout"],
        },
      },
    ],
  },
  StackAlert: {
    title: "An alert on a saved search, sent to a webhook",
    config: [
      { name: "logsSourceId", secret: false },
      { name: "onCallWebhookId", secret: false },
    ],
    resources: [
      { name: "checkout-errors", type: "StackSavedSearch", inputs: { sourceId: config("logsSourceId"), where: "service:checkout level:error" } },
      {
        name: "checkout-errors-alert",
        type: "StackAlert",
        inputs: {
          source: "saved_search",
          savedSearchId: idOf("checkout-errors"),
          threshold: 5,
          thresholdType: "above",
          interval: "5m",
          channels: [{ type: "webhook", webhookId: config("onCallWebhookId") }],
        },
      },
    ],
  },
  StackSavedSearch: {
    title: "A saved search of errors",
    config: [{ name: "logsSourceId", secret: false }],
    resources: [
      {
        name: "checkout-errors",
        type: "StackSavedSearch",
        inputs: { sourceId: config("logsSourceId"), where: "service:checkout level:error", select: "timestamp, body", tags: ["checkout"] },
      },
    ],
  },
  StackWebhook: {
    title: "A webhook alerts can notify, its token kept secret",
    config: [{ name: "onCallToken", secret: true }],
    resources: [
      {
        name: "checkout-hook",
        type: "StackWebhook",
        inputs: {
          url: "https://hooks.example.test/on-call",
          description: "The checkout team's on-call hook",
          headers: { Authorization: config("onCallToken") },
        },
      },
    ],
  },
  StackConnection: {
    title: "A connection to the database, its password kept secret",
    config: [{ name: "dbPassword", secret: true }],
    resources: [
      {
        name: "analytics-db",
        type: "StackConnection",
        inputs: { host: "https://db.example.test:8443", username: "stack_reader", password: config("dbPassword") },
      },
    ],
  },
  StackSource: {
    title: "A log source on a connection, and its trace source linked both ways",
    config: [{ name: "dbPassword", secret: true }],
    resources: [
      {
        name: "analytics-db",
        type: "StackConnection",
        inputs: { host: "https://db.example.test:8443", username: "stack_reader", password: config("dbPassword") },
      },
      {
        name: "logs",
        type: "StackSource",
        inputs: {
          kind: "log",
          connectionId: idOf("analytics-db"),
          from: { databaseName: "otel", tableName: "otel_logs" },
          timestampValueExpression: "TimestampTime",
          defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
        },
      },
      {
        name: "traces",
        type: "StackSource",
        inputs: {
          kind: "trace",
          connectionId: idOf("analytics-db"),
          from: { databaseName: "otel", tableName: "otel_traces" },
          timestampValueExpression: "Timestamp",
          defaultTableSelectExpression: "Timestamp, ServiceName, SpanName, Duration",
          durationExpression: "Duration",
          traceIdExpression: "TraceId",
          spanIdExpression: "SpanId",
          parentSpanIdExpression: "ParentSpanId",
          spanNameExpression: "SpanName",
          spanKindExpression: "SpanKind",
          logSourceId: idOf("logs"),
          linkBack: true,
        },
      },
    ],
  },
};
