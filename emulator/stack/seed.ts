/**
 * What every emulated stack holds from the start: the key's user as the team's one member, one
 * connection, a log, a trace, a metric and a session source on it (in the server's full source shape, as its default OpenTelemetry tables
 * have them), and the webhook `on-call`. Ids are derived from the stack's seed (`server` for
 * `/api/v2`, the service id for a service's stack), so they are the same on every start: a
 * preview against a fresh emulator shows no change on tiles or saved searches that name them.
 */
import { createHash } from "node:crypto";
import type { StoredConnection, StoredMember, StoredSource, StoredWebhook } from "./records";

/** The user whose access key is the stack token (the one `isCurrentUser`): the team's first member; an accepted invitation adds others, with no key (`team.ts`). */
export const USER_ID = "65f0c0de0000000000000002";

/** Id of the webhook seeded in every stack, so channel tests have a target. */
export const SEEDED_WEBHOOK_ID = "65f0c0de00000000000000a1";

/** Name of the seeded webhook: the one the docs' examples find (`w.name === "on-call"`: docs/functions.md, stack.md, the dashboard's example). */
export const SEEDED_WEBHOOK_NAME = "on-call";

/** The creation second every seeded id starts with (2024-01-01T00:00:00Z), as an ObjectId's first four bytes. */
const SEEDED_AT = (Date.UTC(2024, 0, 1) / 1000).toString(16);

/** A 24-hex-digit ObjectId for the object `label` of the stack `seed`: the same on every start. */
export function seededId(seed: string, label: string): string {
  return SEEDED_AT + createHash("sha256").update(`${seed}/${label}`).digest("hex").slice(0, 16);
}

const epoch = new Date(0).toISOString();

/** The stack's database connection (its password empty, as the server stores none given). */
export function seededConnection(seed: string): StoredConnection {
  return { id: seededId(seed, "connection"), name: "Local", host: "http://localhost:8123", username: "default", createdAt: epoch, updatedAt: epoch };
}

/** The rollup tables the server's own default sources name, `granularity` in its short form. */
const metadataViews = (table: string) => ({ keyRollupTable: `${table}_key_rollup_15m`, kvRollupTable: `${table}_kv_rollup_15m`, granularity: "15m" });

/**
 * The seeded sources as the server answers its own default sources (its `SourceSchema`, kind by
 * kind, keys in the schema's order): log and trace carry the empty lists its store fills in, the
 * rollup tables and the links to each other; a session source links to the traces.
 */
export function seededSources(seed: string): StoredSource[] {
  const connection = seededId(seed, "connection");
  const idOf = (kind: StoredSource["kind"]) => seededId(seed, `source/${kind}`);
  const base = (kind: StoredSource["kind"], name: string, tableName: string, timestampValueExpression: string) => ({
    id: idOf(kind),
    name,
    kind,
    connection,
    from: { databaseName: "default", tableName },
    disabled: false,
    querySettings: [],
    timestampValueExpression,
  });
  const highlights = { highlightedTraceAttributeExpressions: [], highlightedRowAttributeExpressions: [], materializedViews: [] };
  return [
    {
      ...base("log", "Logs", "otel_logs", "TimestampTime"),
      defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
      serviceNameExpression: "ServiceName",
      severityTextExpression: "SeverityText",
      bodyExpression: "Body",
      eventAttributesExpression: "LogAttributes",
      resourceAttributesExpression: "ResourceAttributes",
      displayedTimestampValueExpression: "Timestamp",
      metricSourceId: idOf("metric"),
      traceSourceId: idOf("trace"),
      traceIdExpression: "TraceId",
      spanIdExpression: "SpanId",
      implicitColumnExpression: "Body",
      ...highlights,
      metadataMaterializedViews: metadataViews("otel_logs"),
    },
    {
      ...base("trace", "Traces", "otel_traces", "Timestamp"),
      defaultTableSelectExpression: "Timestamp, ServiceName, StatusCode, round(Duration / 1e6), SpanName",
      durationExpression: "Duration",
      durationPrecision: 9,
      traceIdExpression: "TraceId",
      spanIdExpression: "SpanId",
      parentSpanIdExpression: "ParentSpanId",
      spanNameExpression: "SpanName",
      spanKindExpression: "SpanKind",
      logSourceId: idOf("log"),
      sessionSourceId: idOf("session"),
      metricSourceId: idOf("metric"),
      statusCodeExpression: "StatusCode",
      statusMessageExpression: "StatusMessage",
      serviceNameExpression: "ServiceName",
      resourceAttributesExpression: "ResourceAttributes",
      eventAttributesExpression: "SpanAttributes",
      implicitColumnExpression: "SpanName",
      ...highlights,
      metadataMaterializedViews: metadataViews("otel_traces"),
    },
    {
      ...base("metric", "Metrics", "", "TimeUnix"),
      metricTables: {
        gauge: "otel_metrics_gauge",
        histogram: "otel_metrics_histogram",
        sum: "otel_metrics_sum",
        summary: "otel_metrics_summary",
        "exponential histogram": "otel_metrics_exponential_histogram",
      },
      resourceAttributesExpression: "ResourceAttributes",
      logSourceId: idOf("log"),
    },
    {
      ...base("session", "Sessions", "sessions", "TimestampTime"),
      traceSourceId: idOf("trace"),
      resourceAttributesExpression: "ResourceAttributes",
    },
  ];
}

/** The seeded webhook. */
export function seededWebhook(): StoredWebhook {
  return { id: SEEDED_WEBHOOK_ID, name: SEEDED_WEBHOOK_NAME, service: "generic", url: "https://hooks.example.test/alerts", createdAt: epoch, updatedAt: epoch };
}

/** The key's user, as a member of the team. */
export function seededMember(): StoredMember {
  return { id: USER_ID, email: "emulator@example.test", name: "Emulator", createdAt: epoch };
}
