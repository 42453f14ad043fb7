/**
 * Programs' arguments that together set every field of each resource's schema, for the
 * "every field reaches the wire" suite (wire-through-classes.test.ts). Each is valid on a
 * current stack server and on the cloud API; ids of other objects come from `refs`. No
 * assertions live here.
 */
import type { Emulator } from "../../emulator/index";
import { endpointTypeFields } from "../support/endpoint-fixtures";
import { rawJson } from "../support/raw-api";
import { storedStack } from "../support/stored";
import { surfaceOf, type TargetKind } from "../support/stack-targets";
import type { ResourceTypeName } from "../../provider/registry";

type Obj = Record<string, any>;

/** Ids of the objects the fixtures name, found or made before they are registered. */
export interface Refs {
  source: string;
  /** A trace source (a heatmap tile reads one). */
  traceSource: string;
  /** The stack's connection, which `source` reads through (a raw SQL tile names both). */
  connectionId: string;
  dashboardId: string;
  tileId: string;
  webhookId: string;
  savedSearchId: string;
  endpointId: string;
}

/** The objects the fixtures name, found on (or made through the raw API of) a current emulator's stack on `target`. */
export async function makeRefs(emulator: Emulator, target: TargetKind = "server"): Promise<Refs> {
  const stack = storedStack(emulator, target);
  const source = stack.sources[0].id;
  const board = await rawJson(emulator, surfaceOf(target), "POST", "/dashboards", {
    name: "alerted",
    tiles: [{ name: "Errors", x: 0, y: 0, w: 6, h: 3, series: [{ type: "time", sourceId: source, aggFn: "count", where: "", groupBy: [] }] }],
  });
  const search = await rawJson(emulator, surfaceOf(target), "POST", "/saved-searches", {
    name: "searched",
    sourceId: source,
    select: "",
    where: "",
    orderBy: "",
  });
  return {
    source,
    traceSource: stack.sources.find((s) => s.kind === "trace")!.id,
    connectionId: stack.sources[0].connection,
    dashboardId: board.id,
    tileId: board.tiles[0].id,
    webhookId: stack.webhooks[0].id,
    savedSearchId: search.id,
    endpointId: (
      await rawJson(emulator, "cloud", "POST", "/pipesReversePrivateEndpoints", {
        description: "brokers",
        type: "GCP_PSC_SERVICE_ATTACHMENT",
        gcpServiceAttachment: "projects/p/regions/r/serviceAttachments/b",
      })
    ).id,
  };
}

const columns = [
  { name: "id", type: "String" },
  { name: "ts", type: "DateTime" },
];
const table = (name: string, over: Obj = {}) => ({ database: "default", table: `${name}_table`, managedTable: true, columns, ...over });
const mappings = columns.map((c) => ({ sourceField: c.name, destinationField: c.name }));
const numberFormat = {
  output: "currency",
  numericUnit: "requests",
  mantissa: 2,
  thousandSeparated: true,
  average: false,
  decimalBytes: false,
  factor: 1,
  currencySymbol: "$",
  unit: "ms",
};
const databaseSettings = {
  syncIntervalSeconds: 30,
  pullBatchSize: 1000,
  allowNullableColumns: true,
  initialLoadParallelism: 2,
  snapshotNumRowsPerPartition: 10000,
  snapshotNumberOfParallelTables: 2,
  deleteOnMerge: false,
};
const tableMapping = (schema: string, from: string) => ({
  sourceSchemaName: schema,
  sourceTable: from,
  targetTable: `${schema}_${from}`,
  excludedColumns: ["secret_column"],
  useCustomSortingKey: true,
  sortingKeys: ["id"],
  tableEngine: "ReplacingMergeTree",
  partitionKey: "id",
});
const tls = {
  tlsHost: "db.internal.example.test",
  caCertificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
  disableTls: false,
  skipCertVerification: false,
};

export const WIRE_FIXTURES = {
  Pipe: (r: Refs): Obj[] => [
    {
      name: "kafka-every-field",
      source: {
        validateSamples: false,
        kafka: {
          type: "kafka",
          format: "AvroConfluent",
          brokers: "broker-1.example.test:9092",
          topics: "events",
          consumerGroup: "wire-group",
          authentication: "PLAIN",
          offset: { strategy: "from_timestamp", timestamp: "2026-01-02T03:04" },
          schemaRegistry: {
            url: "https://registry.example.test",
            authentication: "PLAIN",
            caCertificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
            credentials: { username: "registry", password: "registry-password" },
          },
          caCertificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
          reversePrivateEndpointIds: [r.endpointId],
          exactlyOnce: true,
          credentials: { username: "ingest", password: "kafka-password" },
        },
      },
      destination: table("kafka", {
        tableDefinition: {
          engine: { type: "ReplacingMergeTree", versionColumnId: "ts", columnIds: ["id"] },
          sortingKey: ["id"],
          partitionBy: "id",
          primaryKey: "id",
        },
        roles: ["ingest_role"],
      }),
      fieldMappings: mappings,
      scaling: { replicas: 2, concurrency: 2, replicaCpuMillicores: 250, replicaMemoryGb: 1 },
      settings: {
        streaming_max_insert_wait_ms: 5000,
        object_storage_concurrency: 2,
        object_storage_polling_interval_ms: 1000,
        object_storage_max_insert_bytes: 10485760,
        object_storage_max_file_count: 10,
        db_max_threads: 2,
        db_max_insert_threads: 2,
        db_min_insert_block_size_bytes: 1000,
        db_max_download_threads: 2,
        db_parallel_distributed_insert_select: 1,
        object_storage_use_cluster_function: false,
        db_parallel_view_processing: true,
      },
    },
    kafka("kafka-iam-user", "IAM_USER", { accessKeyId: "AKIDKAFKA", secretKey: "kafka-secret-key" }),
    kafka("kafka-connection-string", "PLAIN", { connectionString: "Endpoint=sb://hub.example.test/;SharedAccessKey=key" }),
    kafka("kafka-mutual-tls", "MUTUAL_TLS", { certificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", privateKey: "private-key" }),
    {
      ...kafka("kafka-iam-role", "IAM_ROLE", undefined),
      source: { kafka: { ...kafka("x", "IAM_ROLE", undefined).source.kafka, iamRole: "arn:example:iam::123456789012:role/ingest" } },
    },
    {
      name: "object-storage-every-field",
      source: {
        objectStorage: {
          type: "s3",
          format: "CSVWithNames",
          url: "https://bucket.example.test/data/*.csv",
          delimiter: ";",
          compression: "gzip",
          isContinuous: true,
          queueUrl: "https://queue.example.test/123456789012/events",
          skipInitialLoad: false,
          startAfter: "data/0001.csv",
          authentication: "IAM_USER",
          accessKey: { accessKeyId: "AKIDOBJECT", secretKey: "object-secret-key" },
        },
      },
      destination: table("objects"),
      fieldMappings: mappings,
    },
    objectStorage("object-storage-role", { authentication: "IAM_ROLE", iamRole: "arn:example:iam::123456789012:role/reader" }),
    objectStorage("object-storage-azure", {
      type: "azureblobstorage",
      url: undefined,
      path: "data/*.json",
      azureContainerName: "events",
      authentication: "CONNECTION_STRING",
      connectionString: "DefaultEndpointsProtocol=https;AccountName=a;AccountKey=k;EndpointSuffix=example.test",
    }),
    objectStorage("object-storage-gcs", {
      type: "gcs",
      url: "https://storage.example.test/bucket/*.json",
      authentication: "SERVICE_ACCOUNT",
      serviceAccountKey: "c2VydmljZS1hY2NvdW50",
    }),
    {
      name: "kinesis-every-field",
      source: {
        kinesis: {
          format: "JSONEachRow",
          streamName: "clicks",
          region: "region-1",
          useEnhancedFanOut: true,
          iteratorType: "AT_TIMESTAMP",
          timestamp: 1_767_225_600,
          authentication: "IAM_USER",
          accessKey: { accessKeyId: "AKIDKINESIS", secretKey: "kinesis-secret-key" },
        },
      },
      destination: table("kinesis"),
      fieldMappings: mappings,
    },
    {
      name: "kinesis-role",
      source: {
        kinesis: {
          format: "JSONEachRow",
          streamName: "clicks",
          region: "region-1",
          authentication: "IAM_ROLE",
          iamRole: "arn:example:iam::123456789012:role/kinesis",
        },
      },
      destination: table("kinesis_role"),
      fieldMappings: mappings,
    },
    {
      name: "postgres-every-field",
      source: {
        postgres: {
          type: "postgres",
          host: "db.example.test",
          port: 5432,
          database: "app",
          settings: { ...databaseSettings, publicationName: "pipes", replicationMode: "cdc", replicationSlotName: "pipes_slot", enableFailoverSlots: true },
          authentication: "basic",
          ...tls,
          tableMappings: [{ ...tableMapping("public", "users"), partitionByExpr: "toYYYYMM(ts)" }],
          credentials: { username: "replicator", password: "postgres-password" },
        },
      },
      destination: { database: "replica" },
    },
    {
      name: "postgres-role",
      source: {
        postgres: {
          host: "db.example.test",
          port: 5432,
          database: "app",
          authentication: "IAM_ROLE",
          iamRole: "arn:example:iam::123456789012:role/db",
          tableMappings: [tableMapping("public", "orders")],
        },
      },
      destination: { database: "replica" },
    },
    {
      name: "pubsub-every-field",
      source: {
        pubsub: {
          format: "JSONEachRow",
          projectId: "project-1",
          topic: "events",
          authentication: "SERVICE_ACCOUNT",
          seekType: "timestamp",
          seekTimestamp: "2026-04-10T12:00:00Z",
          filter: 'attributes.kind = "click"',
          enableOrdering: true,
          ackDeadline: 60,
          serviceAccountKey: { serviceAccountFile: "cHVic3ViLXNlcnZpY2UtYWNjb3VudA==" },
        },
      },
      destination: table("pubsub"),
      fieldMappings: mappings,
    },
    {
      name: "mysql-every-field",
      source: {
        mysql: {
          type: "mysql",
          host: "mysql.example.test",
          port: 3306,
          settings: { ...databaseSettings, replicationMode: "cdc", replicationMechanism: "GTID", useCompression: true },
          authentication: "basic",
          ...tls,
          serverId: 4242,
          tableMappings: [tableMapping("shop", "users")],
          credentials: { username: "replicator", password: "mysql-password" },
        },
      },
      destination: { database: "replica" },
    },
    {
      name: "mysql-role",
      source: {
        mysql: {
          host: "mysql.example.test",
          port: 3306,
          settings: { replicationMode: "cdc" },
          authentication: "IAM_ROLE",
          iamRole: "arn:example:iam::123456789012:role/db",
          tableMappings: [tableMapping("shop", "orders")],
        },
      },
      destination: { database: "replica" },
    },
    {
      name: "mongodb-every-field",
      source: {
        mongodb: {
          uri: "mongodb+srv://cluster0.example.test/app",
          readPreference: "secondaryPreferred",
          tlsHost: "cluster0.example.test",
          disableTls: false,
          skipCertVerification: false,
          caCertificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
          settings: {
            replicationMode: "cdc",
            syncIntervalSeconds: 30,
            pullBatchSize: 1000,
            snapshotNumRowsPerPartition: 10000,
            snapshotNumberOfParallelTables: 2,
            deleteOnMerge: false,
            useJsonNativeFormat: true,
          },
          tableMappings: [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: "app_users", tableEngine: "ReplacingMergeTree" }],
          credentials: { username: "reader", password: "mongodb-password" },
        },
      },
      destination: { database: "replica" },
    },
    {
      name: "bigquery-every-field",
      source: {
        bigquery: {
          snapshotStagingPath: "https://staging.example.test/pipes/",
          settings: {
            replicationMode: "snapshot",
            allowNullableColumns: true,
            initialLoadParallelism: 2,
            snapshotNumRowsPerPartition: 10000,
            snapshotNumberOfParallelTables: 2,
          },
          tableMappings: [
            {
              sourceDatasetName: "analytics",
              sourceTable: "sessions",
              targetTable: "analytics_sessions",
              excludedColumns: ["secret_column"],
              useCustomSortingKey: true,
              sortingKeys: ["id"],
              tableEngine: "ReplacingMergeTree",
            },
          ],
          credentials: { serviceAccountFile: "YmlncXVlcnktc2VydmljZS1hY2NvdW50" },
        },
      },
      destination: { database: "replica" },
    },
  ],

  ReversePrivateEndpoint: (): Obj[] =>
    Object.entries(endpointTypeFields).map(([type, fields]) => ({
      description: `wire ${type}`,
      type,
      ...fields,
      ...(type === "MSK_MULTI_VPC" ? {} : { customPrivateDnsMappings: [{ privateDnsName: `*.${type.toLowerCase().replace(/_/g, "-")}.example.test` }] }),
    })),

  StackDashboard: (r: Refs): Obj[] => {
    const series = { dataSource: "events", sourceId: r.source, where: "level:error", whereLanguage: "lucene" };
    return [
      {
        name: "every field",
        tags: ["wire"],
        tiles: [
          {
            name: "Time",
            key: "time",
            x: 0,
            y: 0,
            w: 6,
            h: 3,
            asRatio: false,
            containerId: "c1",
            tabId: "t1",
            series: [
              {
                ...series,
                type: "time",
                aggFn: "quantile",
                level: 0.95,
                field: "duration",
                alias: "p95",
                groupBy: ["service"],
                numberFormat,
                metricDataType: "histogram",
                metricName: "latency",
                displayType: "stacked_bar",
              },
            ],
          },
          {
            name: "Table",
            x: 6,
            y: 0,
            w: 6,
            h: 3,
            series: [{ ...series, type: "table", aggFn: "max", field: "duration", sortOrder: "desc", groupBy: ["route"] }],
          },
          { name: "Search", x: 12, y: 0, w: 6, h: 3, series: [{ ...series, type: "search", fields: ["timestamp", "body"] }] },
          { name: "Notes", x: 18, y: 0, w: 6, h: 3, series: [{ type: "markdown", content: "# Runbook" }] },
          { name: "Config", x: 0, y: 3, w: 6, h: 3, config: { displayType: "line", sourceId: r.source, select: [{ aggFn: "count" }] } },
        ],
        filters: [
          {
            type: "QUERY_EXPRESSION",
            name: "Service",
            expression: "ServiceName",
            sourceId: r.source,
            sourceMetricType: "gauge",
            where: "level:error",
            whereLanguage: "lucene",
            appliesToSourceIds: [r.source],
            isBroadcastEnabled: true,
            isVariableEnabled: true,
            variableName: "service",
          },
        ],
        savedQuery: "level:error",
        savedQueryLanguage: "lucene",
        savedFilterValues: [{ type: "sql", condition: "ServiceName IN ('checkout')" }],
        containers: [{ id: "c1", title: "Errors", collapsed: false, collapsible: true, bordered: true, tabs: [{ id: "t1", title: "By service" }] }],
      },
      { name: "every config", tiles: everyTileConfig(r) },
      // A filter's `id` is the server's: the provider never sends it on a create (see NOT_ON_THE_WIRE).
      { name: "filter id", tiles: [], filters: [{ id: "ignored", type: "QUERY_EXPRESSION", name: "Host", expression: "Host", sourceId: r.source }] },
    ];
  },

  StackAlert: (r: Refs): Obj[] => [
    {
      name: "tile alert",
      message: "errors above 10",
      note: "see the runbook",
      source: "tile",
      dashboardId: r.dashboardId,
      tileId: r.tileId,
      threshold: 10,
      thresholdType: "between",
      thresholdMax: 20,
      interval: "1h",
      channels: [{ type: "webhook", webhookId: r.webhookId }],
      numConsecutiveWindows: 2,
      scheduleStartAt: "2026-01-01T00:00:00Z",
    },
    {
      name: "by tile name",
      source: "tile",
      dashboardId: r.dashboardId,
      tile: "Errors",
      threshold: 1,
      thresholdType: "above",
      interval: "5m",
      channel: { type: "webhook", webhookId: r.webhookId },
    },
    {
      name: "search alert",
      source: "saved_search",
      savedSearchId: r.savedSearchId,
      groupBy: "ServiceName",
      threshold: 5,
      thresholdType: "above",
      interval: "1h",
      scheduleOffsetMinutes: 5,
      channel: { type: "webhook", webhookId: r.webhookId },
    },
  ],

  StackSavedSearch: (r: Refs): Obj[] => [
    {
      name: "every field",
      sourceId: r.source,
      select: "timestamp, body",
      where: "level:error",
      whereLanguage: "lucene",
      orderBy: "timestamp DESC",
      tags: ["wire"],
      filters: [{ type: "sql", condition: "ServiceName IN ('checkout')" }],
    },
  ],
  StackWebhook: (): Obj[] => [
    {
      name: "every field",
      service: "generic",
      url: "https://hooks.example.com/wire",
      description: "every field of a webhook",
      body: '{"text":"{{title}}"}',
      headers: { Authorization: "Bearer wire-token" },
      queryParams: { channel: "wire" },
    },
  ],
  StackConnection: (): Obj[] => [
    {
      name: "every field",
      host: "https://db.example.com:8443",
      username: "wire_reader",
      password: "wire-password",
      settingPrefix: "wire_",
      metricsEndpoint: true,
    },
  ],
  // One source of each kind, each with every field its kind takes (provider/resources/stack-source/kinds.ts).
  StackSource: (r: Refs): Obj[] => {
    const common = (kind: string, table: string) => ({
      name: `every ${kind} field`,
      kind,
      connectionId: r.connectionId,
      from: { databaseName: "otel", tableName: table },
      timestampValueExpression: "Timestamp",
      section: "wire",
      disabled: false,
      querySettings: [{ setting: "max_threads", value: "2" }],
    });
    const highlighted = [{ sqlExpression: "LogAttributes['user']", luceneExpression: "user", alias: "user" }];
    const views = {
      materializedViews: [
        {
          databaseName: "otel",
          tableName: "rollup_1m",
          dimensionColumns: "ServiceName",
          minGranularity: "1m",
          minDate: "2026-01-01T00:00:00Z",
          timestampColumn: "Timestamp",
          aggregatedColumns: [
            { aggFn: "count", mvColumn: "count" },
            { sourceColumn: "Duration", aggFn: "avg", mvColumn: "avg_duration" },
          ],
        },
      ],
      metadataMaterializedViews: { keyRollupTable: "keys_1h", kvRollupTable: "kv_1h", granularity: "1h" },
    };
    const shared = {
      serviceNameExpression: "ServiceName",
      serviceVersionExpression: "ResourceAttributes['service.version']",
      eventAttributesExpression: "LogAttributes",
      resourceAttributesExpression: "ResourceAttributes",
      displayedTimestampValueExpression: "Timestamp",
      implicitColumnExpression: "Body",
      knownColumnsListExpression: "['Body']",
      highlightedTraceAttributeExpressions: highlighted,
      highlightedRowAttributeExpressions: highlighted,
      orderByExpression: "Timestamp DESC",
      useTextIndexForImplicitColumn: "auto",
      ...views,
    };
    return [
      {
        ...common("log", "otel_logs"),
        ...shared,
        defaultTableSelectExpression: "Timestamp, ServiceName, Body",
        severityTextExpression: "SeverityText",
        bodyExpression: "Body",
        traceIdExpression: "TraceId",
        spanIdExpression: "SpanId",
        tableFilterExpression: "ServiceName != ''",
        traceSourceId: r.traceSource,
        metricSourceId: r.traceSource,
      },
      {
        ...common("trace", "otel_traces"),
        ...shared,
        defaultTableSelectExpression: "Timestamp, SpanName",
        durationExpression: "Duration",
        durationPrecision: 9,
        traceIdExpression: "TraceId",
        spanIdExpression: "SpanId",
        parentSpanIdExpression: "ParentSpanId",
        spanNameExpression: "SpanName",
        spanKindExpression: "SpanKind",
        sampleRateExpression: "SampleRate",
        statusCodeExpression: "StatusCode",
        statusMessageExpression: "StatusMessage",
        spanEventsValueExpression: "Events",
        spanLinksValueExpression: "Links",
        logSourceId: r.source,
        sessionSourceId: r.source,
        metricSourceId: r.source,
      },
      {
        ...common("metric", ""),
        metricTables: {
          gauge: "otel_metrics_gauge",
          histogram: "otel_metrics_histogram",
          sum: "otel_metrics_sum",
          summary: "otel_metrics_summary",
          exponentialHistogram: "otel_metrics_exp",
        },
        resourceAttributesExpression: "ResourceAttributes",
        serviceNameExpression: "ServiceName",
        logSourceId: r.source,
        seriesTable: "otel_metrics_series",
      },
      { ...common("session", "rrweb"), traceSourceId: r.traceSource, resourceAttributesExpression: "ResourceAttributes" },
      { ...common("promql", "metrics"), linkBack: false },
    ];
  },
} satisfies Record<ResourceTypeName, (r: Refs) => Obj[]>;

/** One tile of each variant of `config`, builder and raw SQL, every field of it set. */
function everyTileConfig(r: Refs): Obj[] {
  const item = {
    aggFn: "quantile",
    valueExpression: "Duration",
    level: 0.95,
    where: "level:error",
    whereLanguage: "lucene",
    alias: "p95",
    numberFormat,
    metricType: "histogram",
    metricName: "latency",
    periodAggFn: "delta",
  };
  const two = [item, { aggFn: "count" }];
  const formulas = { formulas: [{ expression: "A / B", alias: "ratio", numberFormat }] };
  const overTime = { alignDateRangeToGranularity: true, fillNulls: false, seriesLimit: 5 };
  const lineOnly = { compareToPreviousPeriod: true, fitYAxisToData: true };
  const charted = { sourceId: r.source, select: two, groupBy: "ServiceName", asRatio: true, ...overTime, numberFormat, ...formulas, showOperandSeries: true };
  const categorical = { sourceId: r.source, select: [item], groupBy: "ServiceName", orderBy: "p95 DESC", numberFormat, limit: 5 };
  const textQuery = { sourceId: r.source, where: "level:error", whereLanguage: "lucene" };
  const raw = { configType: "sql", connectionId: r.connectionId, sqlTemplate: "SELECT 1", sourceId: r.source, numberFormat };
  const configs: Obj[] = [
    { displayType: "line", ...charted, ...lineOnly },
    { displayType: "stacked_bar", ...charted },
    {
      displayType: "table",
      sourceId: r.source,
      select: two,
      groupBy: "ServiceName",
      having: "count > 10",
      orderBy: "p95 DESC",
      asRatio: true,
      numberFormat,
      groupByColumnsOnLeft: true,
      onClick: { type: "search" },
      ...formulas,
      showOperandSeries: true,
    },
    {
      displayType: "number",
      sourceId: r.source,
      select: [item],
      numberFormat,
      ...formulas,
      color: "chart-blue",
      colorRules: [{ operator: ">", value: 10, color: "chart-red" }],
      backgroundChart: { type: "area", color: "chart-green" },
    },
    { displayType: "pie", ...categorical },
    { displayType: "bar", ...categorical },
    {
      displayType: "heatmap",
      ...textQuery,
      sourceId: r.traceSource,
      select: [{ valueExpression: "Duration", countExpression: "count()", heatmapScaleType: "log" }],
      numberFormat,
    },
    { displayType: "markdown", markdown: "# Runbook" },
    { displayType: "search", ...textQuery, select: "Timestamp, Body" },
    { displayType: "event_patterns", ...textQuery, select: "Body" },
    { ...raw, displayType: "line", ...overTime, ...lineOnly },
    { ...raw, displayType: "stacked_bar", ...overTime },
    { ...raw, displayType: "table", onClick: { type: "search" } },
    { ...raw, displayType: "number", color: "chart-blue" },
    { ...raw, displayType: "pie" },
    { ...raw, displayType: "bar" },
  ];
  return configs.map((config, i) => ({
    name: `${config.configType ?? "builder"} ${config.displayType}`,
    x: (i % 6) * 4,
    y: Math.floor(i / 6) * 2,
    w: 4,
    h: 2,
    config,
  }));
}

function kafka(name: string, authentication: string, credentials: Obj | undefined): Obj {
  return {
    name,
    source: { kafka: { format: "JSONEachRow", brokers: "broker-1.example.test:9092", topics: name, authentication, ...(credentials ? { credentials } : {}) } },
    destination: table(name.replace(/-/g, "_")),
    fieldMappings: mappings,
  };
}

function objectStorage(name: string, over: Obj): Obj {
  const base: Obj = { format: "JSONEachRow", url: "https://bucket.example.test/data/*.json", ...over };
  for (const k of Object.keys(base)) if (base[k] === undefined) delete base[k];
  return { name, source: { objectStorage: base }, destination: table(name.replace(/-/g, "_")), fieldMappings: mappings };
}
