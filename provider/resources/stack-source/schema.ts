import { z } from "zod";
import { objectId } from "../../schemas/refinements/ids";
import { stackObject } from "../../schemas/stack-target";
import { kindFieldFailures } from "./kinds";

/**
 * A source of the stack (current servers, API 2.36 and later; notes: "Connections and
 * sources"): a table the stack reads, of one kind (`log`, `trace`, `metric`, `session`,
 * `promql`), field for field as the server's source body. Every field of every kind is declared
 * here once, optional; which kind takes which, and requires which, is the table in `kinds.ts`,
 * from which `check` and the public per-kind argument types are derived. The PUT replaces the
 * whole source.
 */

/** The kinds of source the server takes. */
export const SOURCE_KINDS = ["log", "trace", "metric", "session", "promql"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

const text = z.string().min(1, "must not be empty");
const expression = text.max(8192, "must be at most 8192 characters");
/** A source id, for the links between sources. */
const sourceId = objectId;
/** A time bucket in the short form the server answers with: `15s`, `5m`, `1h`, `1d`. */
const granularity = z.string().regex(/^\d+(s|m|h|d)$/, "must be a number and a unit: 15s, 5m, 1h or 1d");

/** Attributes highlighted in the stack's views of a row or a trace. */
const highlightedAttributes = z
  .array(
    z
      .object({
        /** The SQL expression of the attribute. */
        sqlExpression: expression,
        /** The same attribute in the search language, for click-to-filter. @default none */
        luceneExpression: z.string().optional(),
        /** The name shown. @default the expression */
        alias: z.string().optional(),
      })
      .strict(),
  )
  .optional();

/** A pre-aggregated table the stack may read instead of the source's table. */
const materializedView = z
  .object({
    /** Database of the view's table. */
    databaseName: text,
    /** The view's table. */
    tableName: text,
    /** The columns it is grouped by, comma-separated (may be `""`). */
    dimensionColumns: z.string(),
    /** Its smallest time bucket: `15s`, `5m`, `1h`, `1d`. */
    minGranularity: granularity,
    /** The earliest date it holds, ISO date-time. @default none */
    minDate: z.string().datetime({ message: "must be an ISO date-time such as 2026-01-01T00:00:00Z" }).nullish(),
    /** Its timestamp column. */
    timestampColumn: text,
    /** Its aggregated columns, at least one. */
    aggregatedColumns: z
      .array(
        z
          .object({
            /** The source table's column aggregated (required unless `aggFn` is `count`). */
            sourceColumn: z.string().optional(),
            /** The aggregate function, such as `count`, `sum`, `avg`, `quantile`. */
            aggFn: z.enum(["avg", "count", "count_distinct", "last_value", "max", "min", "quantile", "sum", "any", "none", "increase", "histogram"]),
            /** The view's column holding the aggregate. */
            mvColumn: text,
          })
          .strict(),
      )
      .min(1, "must hold at least one aggregated column"),
  })
  .strict();

/** A source as the program describes it: the fields of every kind, each taken by the kinds `kinds.ts` says. */
const sourceFields = {
  /** Name shown in the stack. @default the resource name */
  name: z.string().trim().min(1, "must not be empty").max(1024, "must be at most 1024 characters").optional(),
  /** What the table holds: `log`, `trace`, `metric`, `session` or `promql`; it says which other fields the source takes. */
  kind: z.enum(SOURCE_KINDS),
  /**
   * The connection the source reads through: a `StackConnection`'s `id`, or the id of one made
   * by hand (sent as the server's `connection`; the server refuses an id that names none).
   */
  connectionId: objectId,
  /** The table: `{ databaseName, tableName }` (a metric source's `tableName` may be `""`: its tables are `metricTables`). */
  from: z
    .object({
      /** The database. */
      databaseName: text,
      /** The table. */
      tableName: z.string(),
    })
    .strict(),
  /** The expression of a row's time, such as `Timestamp`. */
  timestampValueExpression: expression,
  /** The group the source is listed under, at most 256 characters. @default none */
  section: z.string().max(256, "must be at most 256 characters").optional(),
  /** True hides the source from the stack's pickers. @default false */
  disabled: z.boolean().optional(),
  /** Settings sent with each query, at most 10: `{ setting, value }`. @default none */
  querySettings: z
    .array(
      z
        .object({
          /** The setting's name. */
          setting: text,
          /** Its value. */
          value: text,
        })
        .strict(),
    )
    .max(10, "must hold at most 10 settings")
    .optional(),
  /** The columns a search shows by default, such as `Timestamp, ServiceName, Body` (log, trace). */
  defaultTableSelectExpression: expression.optional(),
  /** The expression of the service's name (log, trace, metric). @default none */
  serviceNameExpression: expression.optional(),
  /** The expression of the service's running version (log, trace). @default the `service.version` resource attribute */
  serviceVersionExpression: expression.optional(),
  /** The expression of a log line's severity (log). @default none */
  severityTextExpression: expression.optional(),
  /** The expression of a log line's text (log). @default none */
  bodyExpression: expression.optional(),
  /** The expression of an event's attributes map (log, trace). @default none */
  eventAttributesExpression: expression.optional(),
  /** The expression of the resource attributes map (required for a metric source; log, trace, session). */
  resourceAttributesExpression: expression.optional(),
  /** The time shown for a row, when it differs from `timestampValueExpression` (log, trace). @default none */
  displayedTimestampValueExpression: expression.optional(),
  /** The expression of the trace id (required for a trace source; log). */
  traceIdExpression: expression.optional(),
  /** The expression of the span id (required for a trace source; log). */
  spanIdExpression: expression.optional(),
  /** The column searched by free text (log, trace). @default none */
  implicitColumnExpression: expression.optional(),
  /** The expression listing the known columns (log, trace). @default none */
  knownColumnsListExpression: expression.optional(),
  /** A condition added to every query of the source (log; deprecated by the server, kept for sources that have one). @default none */
  tableFilterExpression: expression.optional(),
  /** Attributes highlighted in a trace's view (log, trace). @default none */
  highlightedTraceAttributeExpressions: highlightedAttributes,
  /** Attributes highlighted in a row's view (log, trace). @default none */
  highlightedRowAttributeExpressions: highlightedAttributes,
  /** Pre-aggregated tables the stack may read instead (log, trace). @default none */
  materializedViews: z.array(materializedView).optional(),
  /** Roll-up tables of the attribute names and values (log, trace). @default none */
  metadataMaterializedViews: z
    .object({
      /** The table of attribute names. @default none */
      keyRollupTable: z.string().nullish(),
      /** The table of attribute names and values. */
      kvRollupTable: text,
      /** Its time bucket: `15s`, `5m`, `1h`, `1d`. */
      granularity,
    })
    .strict()
    .optional(),
  /** The sort order of a search, such as `Timestamp DESC` (log, trace). @default none */
  orderByExpression: expression.optional(),
  /** Whether free-text search uses the table's text index: `auto`, `enabled`, `disabled` (log, trace). @default "auto" */
  useTextIndexForImplicitColumn: z.enum(["auto", "enabled", "disabled"]).optional(),
  /** The expression of a span's duration (required for a trace source). */
  durationExpression: expression.optional(),
  /** Digits of a second in `durationExpression`'s unit: 0 (seconds) to 9 (nanoseconds) (trace). @default 3 */
  durationPrecision: z.number().int("must be a whole number").min(0, "must be at least 0").max(9, "must be at most 9").optional(),
  /** The expression of the parent span's id (required for a trace source). */
  parentSpanIdExpression: expression.optional(),
  /** The expression of a span's name (required for a trace source). */
  spanNameExpression: expression.optional(),
  /** The expression of a span's kind (required for a trace source). */
  spanKindExpression: expression.optional(),
  /** The expression of a span's sample rate (trace). @default none */
  sampleRateExpression: expression.optional(),
  /** The expression of a span's status code (trace). @default none */
  statusCodeExpression: expression.optional(),
  /** The expression of a span's status message (trace). @default none */
  statusMessageExpression: expression.optional(),
  /** The expression of a span's events (trace). @default none */
  spanEventsValueExpression: expression.optional(),
  /** The expression of a span's links (trace). @default none */
  spanLinksValueExpression: expression.optional(),
  /** A metric source's tables by metric type, at least one: `gauge`, `histogram`, `sum`, `summary`, `exponentialHistogram` (required for a metric source). */
  metricTables: z
    .object({
      /** The gauge table. */
      gauge: z.string().optional(),
      /** The histogram table. */
      histogram: z.string().optional(),
      /** The sum (counter) table. */
      sum: z.string().optional(),
      /** The summary table. */
      summary: z.string().optional(),
      /** The exponential histogram table (the server's `exponential histogram`: a property name has no space in every SDK). */
      exponentialHistogram: z.string().optional(),
    })
    .strict()
    .refine((t) => Object.values(t).some((v) => typeof v === "string" && v.length > 0), "must name at least one metric table")
    .optional(),
  /** The unified series table, where the team has it (metric). @default none */
  seriesTable: z.string().optional(),
  /**
   * The trace source of a log or session source (required for a session source): a source id.
   * Left out of a log source, the server's value is kept, so the trace source may set it (`linkBack`).
   */
  traceSourceId: sourceId.optional(),
  /** The log source of a trace or metric source: a source id. Left out, the server's value is kept. */
  logSourceId: sourceId.optional(),
  /** The metric source of a log or trace source: a source id. Left out, the server's value is kept. */
  metricSourceId: sourceId.optional(),
  /** The session source of a trace source: a source id. Left out, the server's value is kept. */
  sessionSourceId: sourceId.optional(),
  /**
   * True: after each write, set the link back on every source this one links to, where that
   * source's kind takes it (a trace source with `logSourceId: logs.id` sets the log source's
   * `traceSourceId`), and take it off again when this source is deleted. So two sources that
   * name each other are written with one naming the other: naming each other in the program
   * would be a cycle the engine refuses. @default false
   */
  linkBack: z.boolean().optional(),
};

/** A source as the program describes it; `kinds.ts` holds which kind takes which field. */
export const stackSourceSpec = stackObject(sourceFields);

export type StackSourceInput = z.input<typeof stackSourceSpec>;

/** The rules across a source's fields: its kind's required fields, and no field of another kind. Pure. */
export const sourceRuleFailures = kindFieldFailures;
