/**
 * The body of a source (current server, API 2.36.0): its source schema, kind by kind, with the
 * server's own messages (`Timestamp Column is required`, ...). Keys no kind knows are dropped;
 * the output keeps the schema's key order, which is the order the server answers.
 */
import { z } from "zod";
import { AGG_FNS } from "./tile-config-shape";

/** The metric data types a metric source names a table for. */
const METRIC_TYPES = ["gauge", "histogram", "sum", "summary", "exponential histogram"] as const;

/** An interval in the server's internal form (`5 minute`); the router maps the short form (`5m`) to it first. */
const sqlInterval = z.string().regex(/^\d+ (second|minute|hour|day)$/);

const querySettings = z.array(z.object({ setting: z.string().min(1), value: z.string().min(1) })).max(10);

const base = z.object({
  name: z.string().min(1, "Name is required"),
  section: z.string().max(256).optional(),
  kind: z.enum(["log", "trace", "session", "metric", "promql"]),
  connection: z.string().min(1, "Server Connection is required"),
  from: z.object({
    databaseName: z.string().min(1, "Database is required"),
    tableName: z.string().min(1, "Table is required"),
  }),
  disabled: z.boolean().optional(),
  querySettings: querySettings.optional(),
  timestampValueExpression: z.string().min(1, "Timestamp Column is required"),
});

const highlighted = z.array(
  z.object({
    sqlExpression: z.string().min(1, "Attribute SQL Expression is required"),
    luceneExpression: z.string().optional(),
    alias: z.string().optional(),
  }),
);

const aggregatedColumn = z
  .object({
    sourceColumn: z.string().optional(),
    aggFn: z.enum([...AGG_FNS, "histogram"]),
    mvColumn: z.string().min(1, "Materialized View Column is required"),
  })
  .refine(({ sourceColumn, aggFn }) => aggFn === "count" || !!sourceColumn?.length, { message: "Materialized View Source Column is required" });

const materializedView = z.object({
  databaseName: z.string().min(1, "Materialized View Database is required"),
  tableName: z.string().min(1, "Materialized View Table is required"),
  dimensionColumns: z.string(),
  minGranularity: sqlInterval,
  minDate: z.string().datetime().nullish(),
  timestampColumn: z.string().min(1, "Materialized View Timestamp column is required"),
  aggregatedColumns: z.array(aggregatedColumn).min(1, "At least one aggregated column is required"),
});

const metadataViews = z.object({
  keyRollupTable: z.string().nullish(),
  kvRollupTable: z.string().min(1, "KV rollup table name is required"),
  granularity: sqlInterval,
});

const textIndex = z.enum(["auto", "enabled", "disabled"]);
const optional = z.string().optional();
const defaultSelect = z.string().min(1, "Default Select Expression is required");

const log = base.extend({
  kind: z.literal("log"),
  defaultTableSelectExpression: defaultSelect,
  serviceNameExpression: optional,
  serviceVersionExpression: optional,
  severityTextExpression: optional,
  bodyExpression: optional,
  eventAttributesExpression: optional,
  resourceAttributesExpression: optional,
  displayedTimestampValueExpression: optional,
  metricSourceId: optional,
  traceSourceId: optional,
  traceIdExpression: optional,
  spanIdExpression: optional,
  implicitColumnExpression: optional,
  knownColumnsListExpression: optional,
  tableFilterExpression: optional,
  highlightedTraceAttributeExpressions: highlighted.optional(),
  highlightedRowAttributeExpressions: highlighted.optional(),
  materializedViews: z.array(materializedView).optional(),
  metadataMaterializedViews: metadataViews.optional(),
  orderByExpression: optional,
  useTextIndexForImplicitColumn: textIndex.optional(),
});

const trace = base.extend({
  kind: z.literal("trace"),
  defaultTableSelectExpression: defaultSelect,
  durationExpression: z.string().min(1, "Duration Expression is required"),
  durationPrecision: z.number().min(0).max(9).default(3),
  traceIdExpression: z.string().min(1, "Trace ID Expression is required"),
  spanIdExpression: z.string().min(1, "Span ID Expression is required"),
  parentSpanIdExpression: z.string().min(1, "Parent span ID expression is required"),
  spanNameExpression: z.string().min(1, "Span Name Expression is required"),
  spanKindExpression: z.string().min(1, "Span Kind Expression is required"),
  sampleRateExpression: optional,
  logSourceId: z.string().optional().nullable(),
  sessionSourceId: optional,
  metricSourceId: optional,
  statusCodeExpression: optional,
  statusMessageExpression: optional,
  serviceNameExpression: optional,
  serviceVersionExpression: optional,
  resourceAttributesExpression: optional,
  eventAttributesExpression: optional,
  spanEventsValueExpression: optional,
  spanLinksValueExpression: optional,
  implicitColumnExpression: optional,
  knownColumnsListExpression: optional,
  displayedTimestampValueExpression: optional,
  highlightedTraceAttributeExpressions: highlighted.optional(),
  highlightedRowAttributeExpressions: highlighted.optional(),
  materializedViews: z.array(materializedView).optional(),
  metadataMaterializedViews: metadataViews.optional(),
  orderByExpression: optional,
  useTextIndexForImplicitColumn: textIndex.optional(),
});

const session = base.extend({
  kind: z.literal("session"),
  traceSourceId: z.string({ message: "Correlated Trace Source is required" }).min(1, "Correlated Trace Source is required"),
  resourceAttributesExpression: optional,
});

const metric = base.extend({
  kind: z.literal("metric"),
  // A metric source reads its tables from `metricTables`: `from.tableName` may be empty.
  from: z.object({ databaseName: z.string().min(1, "Database is required"), tableName: z.string() }),
  metricTables: z
    .object(Object.fromEntries(METRIC_TYPES.map((t) => [t, z.string().optional()])) as Record<(typeof METRIC_TYPES)[number], z.ZodOptional<z.ZodString>>)
    .refine((tables) => Object.values(tables).some((t) => t && t.length > 0), { message: "At least one metric table must be specified" }),
  resourceAttributesExpression: z.string().min(1, "Resource Attributes is required"),
  serviceNameExpression: optional,
  logSourceId: optional,
  seriesTable: optional,
});

const promql = base.extend({ kind: z.literal("promql") });

/** POST and PUT of a source: one schema per kind, told apart by `kind`; an `id` in the body is dropped. */
export const sourceBodySchema = z.discriminatedUnion("kind", [log, trace, session, metric, promql]);
export type SourceInput = z.output<typeof sourceBodySchema>;

/** The kinds whose documents hold the highlight and view lists, which the server's store fills with `[]`. */
export const LISTED_KINDS: ReadonlySet<string> = new Set(["log", "trace"]);
