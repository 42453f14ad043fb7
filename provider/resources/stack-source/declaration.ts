import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackSourceSpec } from "./schema";
import { sourceComputed, stackSourcePolicy } from "./policy";

// The source's declaration, from its policy. Apart from the class, so the native plugin loads it
// without the Pulumi SDK.
// Its doc comment is the class's: scripts/classes.js writes the class (provider/classes.ts) from it.
/**
 * A source of the observability stack (current servers, API 2.36 and later), on the cloud proxy
 * of a service or on an open-source stack server: a table the stack reads, of one `kind` (`log`,
 * `trace`, `metric`, `session`, `promql`), through a connection (`connectionId: db.id`). Each
 * kind takes its own fields, required ones required by the compiler and at preview; a field of
 * another kind is refused naming it. Saved searches, tiles and alerts name it by
 * `sourceId: logs.id`. Every field updates in place (one PUT of the whole source: a field the
 * program drops is cleared, and the preview shows it); moving it to another stack creates a new
 * one. Links to other sources (`traceSourceId`, `logSourceId`, ...) left out are the server's,
 * so of two sources that name each other one names the other and sets `linkBack: true`.
 *
 * @example
 * const logs = new StackSource("logs", {
 *   kind: "log", connectionId: db.id, from: { databaseName: "otel", tableName: "otel_logs" },
 *   timestampValueExpression: "TimestampTime", defaultTableSelectExpression: "Timestamp, ServiceName, Body",
 * });
 * new StackSource("traces", {
 *   kind: "trace", connectionId: db.id, from: { databaseName: "otel", tableName: "otel_traces" },
 *   timestampValueExpression: "Timestamp", defaultTableSelectExpression: "Timestamp, SpanName",
 *   durationExpression: "Duration", traceIdExpression: "TraceId", spanIdExpression: "SpanId",
 *   parentSpanIdExpression: "ParentSpanId", spanNameExpression: "SpanName", spanKindExpression: "SpanKind",
 *   logSourceId: logs.id, linkBack: true,
 * });
 */
export const declaration = {
  type: "StackSource",
  engine: "stack-source",
  named: true,
  policy: stackSourcePolicy,
  computed: sourceComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackSourceSpec>>;
