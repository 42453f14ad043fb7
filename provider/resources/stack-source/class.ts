import type * as pulumi from "@pulumi/pulumi";
import { DeclaredResource } from "../../resource-class/declared-resource";
import type { StackSourceArgs, StackSourceOutputs } from "../../public-types/generated";
import { declaration } from "./declaration";
import { dynamicTypeToken } from "../../resource-class/type-tokens";

export type { StackSourceArgs };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the outputs, generated from the declaration
export interface StackSource extends StackSourceOutputs {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its outputs are the interface above
export class StackSource extends DeclaredResource {
  /** The type token, `pulumi-nodejs:dynamic/pipestack:StackSource`: what policy packs match on. */
  static readonly __pulumiType = dynamicTypeToken(declaration.type);

  constructor(name: string, args: StackSourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(declaration, name, args, opts);
  }
}
