import type { CheckFailure } from "../../schemas/check-failures";
import { isUnknown } from "../../schemas/unknown";
import type { Obj } from "../../schemas/plain-object";

/**
 * Which kind of source takes which field, and requires which, as the server's source schemas
 * say (API 2.36.0): the one table `check` and the public per-kind argument types
 * (`StackLogSourceArgs`, ...) are derived from. Fields every kind takes (`name`, `kind`,
 * `connectionId`, `from`, `timestampValueExpression`, `section`, `disabled`, `querySettings`)
 * are not listed. A field missing here, or named twice, fails `test/unit/stack-connection-source.test.ts`.
 */
export const SOURCE_KIND_FIELDS = {
  log: {
    required: ["defaultTableSelectExpression"],
    optional: [
      "serviceNameExpression",
      "serviceVersionExpression",
      "severityTextExpression",
      "bodyExpression",
      "eventAttributesExpression",
      "resourceAttributesExpression",
      "displayedTimestampValueExpression",
      "metricSourceId",
      "traceSourceId",
      "traceIdExpression",
      "spanIdExpression",
      "implicitColumnExpression",
      "knownColumnsListExpression",
      "tableFilterExpression",
      "highlightedTraceAttributeExpressions",
      "highlightedRowAttributeExpressions",
      "materializedViews",
      "metadataMaterializedViews",
      "orderByExpression",
      "useTextIndexForImplicitColumn",
    ],
  },
  trace: {
    required: [
      "defaultTableSelectExpression",
      "durationExpression",
      "traceIdExpression",
      "spanIdExpression",
      "parentSpanIdExpression",
      "spanNameExpression",
      "spanKindExpression",
    ],
    optional: [
      "durationPrecision",
      "sampleRateExpression",
      "logSourceId",
      "sessionSourceId",
      "metricSourceId",
      "statusCodeExpression",
      "statusMessageExpression",
      "serviceNameExpression",
      "serviceVersionExpression",
      "resourceAttributesExpression",
      "eventAttributesExpression",
      "spanEventsValueExpression",
      "spanLinksValueExpression",
      "implicitColumnExpression",
      "knownColumnsListExpression",
      "displayedTimestampValueExpression",
      "highlightedTraceAttributeExpressions",
      "highlightedRowAttributeExpressions",
      "materializedViews",
      "metadataMaterializedViews",
      "orderByExpression",
      "useTextIndexForImplicitColumn",
    ],
  },
  session: { required: ["traceSourceId"], optional: ["resourceAttributesExpression"] },
  metric: { required: ["metricTables", "resourceAttributesExpression"], optional: ["serviceNameExpression", "logSourceId", "seriesTable"] },
  promql: { required: [], optional: [] },
} as const;

export type KindTable = typeof SOURCE_KIND_FIELDS;
/** Every field some kind (not every kind) takes. */
export type KindField = { [K in keyof KindTable]: KindTable[K]["required"][number] | KindTable[K]["optional"][number] }[keyof KindTable];

/** Every field some kind takes, each once. */
export const KIND_FIELDS: readonly KindField[] = [
  ...new Set(Object.values(SOURCE_KIND_FIELDS).flatMap((k): readonly KindField[] => [...k.required, ...k.optional])),
];

/** The kinds that take `field`. Pure. */
export const kindsTaking = (field: string): string[] =>
  Object.entries(SOURCE_KIND_FIELDS)
    .filter(([, k]) => (k.required as readonly string[]).includes(field) || (k.optional as readonly string[]).includes(field))
    .map(([name]) => name);

const given = (v: unknown) => v !== undefined && v !== null;

/**
 * A source's fields against its kind, over the raw spec (a value not known yet is given): each
 * required field the kind has and the program leaves out, each field of another kind the program
 * sets, and a table name left empty where only a metric source may. An unknown kind is the
 * schema's to refuse. Pure.
 */
export function kindFieldFailures(spec: unknown): CheckFailure[] {
  const s = (spec ?? {}) as Obj;
  if (typeof s.kind !== "string" || !(s.kind in SOURCE_KIND_FIELDS)) return [];
  const kind = s.kind as keyof KindTable;
  const own = SOURCE_KIND_FIELDS[kind];
  const takes = new Set<string>([...own.required, ...own.optional]);
  const failures: CheckFailure[] = [];
  for (const field of own.required) if (!given(s[field])) failures.push({ property: field, reason: `is required for a ${kind} source` });
  for (const field of KIND_FIELDS) {
    if (takes.has(field) || !given(s[field])) continue;
    failures.push({ property: field, reason: `is not a field of a ${kind} source (only of ${kindsTaking(field).join(", ")} sources)` });
  }
  const from = s.from as Obj | undefined;
  if (kind !== "metric" && from && !isUnknown(from) && from.tableName === "") failures.push({ property: "from.tableName", reason: "must not be empty" });
  return failures;
}
