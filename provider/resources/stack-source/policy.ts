import { computedKeys, type ComputedFields, type FieldPolicy, type ComputedOutputs } from "../../schemas/field-policy";
import type { StackSourceInput } from "./schema";
import { changed, writeOnly } from "../../schemas/field-rules";
import { put, stackObjectPolicy, type StackPatch } from "../../schemas/stack-target";

/**
 * A link to another source: kept the server's when the program leaves it out (the PUT sends the
 * live value), so the other side of a pair of sources may set it (`linkBack`) without either
 * naming the other in the program: two sources naming each other would be a cycle the engine
 * refuses.
 */
const link = { ...put, serverDefault: true } as const;

/**
 * Every field of a source and its life cycle: the PUT replaces the whole source, so each changes
 * in place, the kind too; only a move to another stack needs a new source. `connectionId`
 * travels as the server's `connection` (the program's `connection` is the account's).
 */
export const stackSourcePolicy = {
  name: { ...put, filled: true },
  kind: put,
  connectionId: { ...put, answerKey: "connection" },
  from: put,
  timestampValueExpression: put,
  section: put,
  disabled: put,
  querySettings: put,
  defaultTableSelectExpression: put,
  serviceNameExpression: put,
  serviceVersionExpression: put,
  severityTextExpression: put,
  bodyExpression: put,
  eventAttributesExpression: put,
  resourceAttributesExpression: put,
  displayedTimestampValueExpression: put,
  traceIdExpression: put,
  spanIdExpression: put,
  implicitColumnExpression: put,
  knownColumnsListExpression: put,
  tableFilterExpression: put,
  highlightedTraceAttributeExpressions: put,
  highlightedRowAttributeExpressions: put,
  materializedViews: put,
  metadataMaterializedViews: put,
  orderByExpression: put,
  useTextIndexForImplicitColumn: put,
  durationExpression: put,
  // The server fills in 3 for a trace source.
  durationPrecision: put,
  parentSpanIdExpression: put,
  spanNameExpression: put,
  spanKindExpression: put,
  sampleRateExpression: put,
  statusCodeExpression: put,
  statusMessageExpression: put,
  spanEventsValueExpression: put,
  spanLinksValueExpression: put,
  metricTables: put,
  seriesTable: put,
  traceSourceId: link,
  logSourceId: link,
  metricSourceId: link,
  sessionSourceId: link,
  // The provider's own: no field of the source, carried in the outputs; a change runs one update (which writes the links back).
  linkBack: writeOnly({ ...changed, sent: "never" }),
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackSourceInput, StackPatch>;

/** The link fields, kept the server's when the program leaves them out. */
export const LINK_FIELDS = ["traceSourceId", "logSourceId", "metricSourceId", "sessionSourceId"] as const;

/** Outputs of the server's own: none (the server answers a source in its schema's fields only, no stamps). */
export const sourceComputed = {} satisfies ComputedFields;

export const sourceServerOutputs = computedKeys(sourceComputed);

/** A source's properties as the engine holds them: the program's spec and the serialized provider. */
export type SourceInputs = StackSourceInput & { __provider?: string };

/** A source's outputs: its inputs as the server reads them back, and the server's own fields. */
export type SourceOutputs = SourceInputs & ComputedOutputs<typeof sourceComputed>;
