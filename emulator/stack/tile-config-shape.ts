/**
 * The `config` form of a tile on the current stack API (notes: "Current shapes (2.36)"):
 * builder tiles of ten display types and raw SQL tiles of six, chosen by `configType`.
 * Colour rules, click actions and formulas are checked for shape only; their inner
 * grammar (formula expressions, rule operators) is not modelled.
 */
import { z } from "zod";

/** An id in the shape the server's documents use (24 hex digits, or any 12 characters). */
export function isObjectId(value: string): boolean {
  return /^[0-9a-f]{24}$/i.test(value) || value.length === 12;
}

/** A string that must look like a document id. */
export const objectIdSchema = z.string().refine(isObjectId, "Invalid ObjectId");

/** Aggregate functions of a series or select item. */
export const AGG_FNS = ["avg", "count", "count_distinct", "last_value", "max", "min", "quantile", "sum", "any", "none", "increase"] as const;
export const aggFnSchema = z.enum(AGG_FNS);
/** Query languages of a `where`. */
export const whereLanguageSchema = z.enum(["sql", "lucene", "promql"]).optional();
/** Metric kinds a select item or series may name. */
export const metricTypeSchema = z.enum(["gauge", "histogram", "sum", "summary", "exponential histogram"]);

/** How a number is shown. */
export const numberFormatSchema = z.object({
  output: z.enum(["currency", "percent", "byte", "time", "duration", "number", "data_rate", "throughput"]),
  numericUnit: z.string().optional(),
  mantissa: z.number().int().optional(),
  thousandSeparated: z.boolean().optional(),
  average: z.boolean().optional(),
  decimalBytes: z.boolean().optional(),
  factor: z.number().optional(),
  currencySymbol: z.string().optional(),
  unit: z.string().optional(),
});

const PALETTE = ["blue", "orange", "red", "cyan", "green", "pink", "purple", "light-blue", "brown", "gray", "success", "warning", "error"].map(
  (c) => `chart-${c}`,
);
const colourSchema = z.string().refine((c) => PALETTE.includes(c), { message: `Invalid enum value. Expected ${PALETTE.map((c) => `'${c}'`).join(" | ")}` });
const looseObject = z.record(z.unknown());
const formulasSchema = z
  .array(z.object({ expression: z.string().max(1024), alias: z.string().optional(), numberFormat: numberFormatSchema.optional() }))
  .max(10)
  .optional();

/** One `select` item of a builder tile. */
export const selectItemSchema = z
  .object({
    valueExpression: z.string().max(10000).optional(),
    alias: z.string().max(10000).optional(),
    aggFn: aggFnSchema,
    level: z.union([z.literal(0.5), z.literal(0.9), z.literal(0.95), z.literal(0.99)]).optional(),
    where: z.string().max(10000).optional().default(""),
    whereLanguage: whereLanguageSchema,
    numberFormat: numberFormatSchema.optional(),
    metricType: metricTypeSchema.optional(),
    metricName: z.string().optional(),
    periodAggFn: z.enum(["delta"]).optional(),
  })
  .superRefine((item, ctx) => {
    if (item.level && item.aggFn !== "quantile")
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Level can only be used with quantile aggregation function" });
    if (item.valueExpression && item.aggFn === "count")
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Value expression cannot be used with count aggregation function" });
    else if (!item.valueExpression && item.aggFn !== "count")
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Value expression is required for non-count aggregation functions" });
  });

const select = z.array(selectItemSchema).min(1).max(20);
const single = z.array(selectItemSchema).length(1);
const text = z.string().max(10000);
const seriesLimit = z.number().int().nonnegative().optional();

const timeShape = {
  sourceId: objectIdSchema,
  select,
  groupBy: text.optional(),
  asRatio: z.boolean().optional(),
  alignDateRangeToGranularity: z.boolean().optional(),
  fillNulls: z.boolean().optional(),
  numberFormat: numberFormatSchema.optional(),
  formulas: formulasSchema,
  showOperandSeries: z.boolean().optional(),
  seriesLimit,
};

/** A pie or bar: one value split by a group. */
const partsShape = {
  sourceId: objectIdSchema,
  select: single,
  groupBy: text.optional(),
  orderBy: text.optional(),
  numberFormat: numberFormatSchema.optional(),
  limit: seriesLimit,
};

/** Builder tiles, by display type. */
export const builderConfigSchema = z.discriminatedUnion("displayType", [
  z.object({ ...timeShape, displayType: z.literal("line"), compareToPreviousPeriod: z.boolean().optional(), fitYAxisToData: z.boolean().optional() }),
  z.object({ ...timeShape, displayType: z.literal("stacked_bar") }),
  z.object({
    displayType: z.literal("table"),
    sourceId: objectIdSchema,
    select,
    groupBy: text.optional(),
    having: text.optional(),
    orderBy: text.optional(),
    asRatio: z.boolean().optional(),
    numberFormat: numberFormatSchema.optional(),
    groupByColumnsOnLeft: z.boolean().optional(),
    onClick: looseObject.optional(),
    formulas: formulasSchema,
    showOperandSeries: z.boolean().optional(),
  }),
  z.object({
    displayType: z.literal("number"),
    sourceId: objectIdSchema,
    select,
    numberFormat: numberFormatSchema.optional(),
    formulas: formulasSchema,
    color: colourSchema.optional(),
    colorRules: z.array(looseObject).max(10).optional(),
    backgroundChart: z.object({ type: z.enum(["line", "area"]), color: colourSchema.optional() }).optional(),
  }),
  z.object({ ...partsShape, displayType: z.literal("pie") }),
  z.object({ ...partsShape, displayType: z.literal("bar") }),
  z.object({
    displayType: z.literal("heatmap"),
    sourceId: objectIdSchema,
    select: z
      .array(
        z.object({ valueExpression: z.string().min(1).max(10000), countExpression: text.optional(), heatmapScaleType: z.enum(["log", "linear"]).optional() }),
      )
      .length(1),
    where: text.optional().default(""),
    whereLanguage: whereLanguageSchema,
    numberFormat: numberFormatSchema.optional(),
  }),
  z.object({ displayType: z.literal("markdown"), markdown: z.string().max(50000).optional() }),
  z.object({
    displayType: z.literal("search"),
    sourceId: objectIdSchema,
    select: text,
    where: text.optional().default(""),
    whereLanguage: whereLanguageSchema,
  }),
  z.object({
    displayType: z.literal("event_patterns"),
    sourceId: objectIdSchema,
    select: text.optional().default(""),
    where: text.optional().default(""),
    whereLanguage: whereLanguageSchema,
  }),
]);

const rawShape = {
  configType: z.literal("sql"),
  connectionId: objectIdSchema,
  sqlTemplate: z.string().max(100000),
  sourceId: objectIdSchema.optional(),
  numberFormat: numberFormatSchema.optional(),
};

/** Raw SQL tiles, by display type. */
export const rawSqlConfigSchema = z.discriminatedUnion("displayType", [
  z.object({
    ...rawShape,
    displayType: z.literal("line"),
    compareToPreviousPeriod: z.boolean().optional(),
    fillNulls: z.boolean().optional(),
    alignDateRangeToGranularity: z.boolean().optional(),
    fitYAxisToData: z.boolean().optional(),
    seriesLimit,
  }),
  z.object({
    ...rawShape,
    displayType: z.literal("stacked_bar"),
    fillNulls: z.boolean().optional(),
    alignDateRangeToGranularity: z.boolean().optional(),
    seriesLimit,
  }),
  z.object({ ...rawShape, displayType: z.literal("table"), onClick: looseObject.optional() }),
  z.object({ ...rawShape, displayType: z.literal("number"), color: colourSchema.optional() }),
  z.object({ ...rawShape, displayType: z.literal("pie") }),
  z.object({ ...rawShape, displayType: z.literal("bar") }),
]);

/** A parsed `config`: builder or raw SQL. */
export type BuilderConfig = z.output<typeof builderConfigSchema>;
export type RawSqlConfig = z.output<typeof rawSqlConfigSchema>;
export type ParsedTileConfig = BuilderConfig | RawSqlConfig;

/** True for a raw SQL `config` (it says `configType: "sql"`). */
export function isRawSql(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { configType?: unknown }).configType === "sql";
}

const schemaFor = (value: unknown) => (isRawSql(value) ? rawSqlConfigSchema : builderConfigSchema);

/**
 * A tile's `config`: routed to the raw SQL or builder union so problems name the field,
 * then the cross-field rules (ratio needs two items; a number tile one item unless it has
 * formulas). Unknown keys are dropped, as the server does.
 */
export const tileConfigSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const result = schemaFor(value).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue(issue);
      return;
    }
    const config = result.data as Record<string, unknown>;
    const items = Array.isArray(config.select) ? config.select.length : undefined;
    if (config.asRatio === true && items !== 2)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "asRatio can only be used with exactly two select items" });
    const formulas = Array.isArray(config.formulas) ? config.formulas.length : 0;
    if (config.configType === undefined && config.displayType === "number" && formulas === 0 && items !== 1) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["select"],
        message: "Number tiles support a single select item unless formulas are used (extra items are formula operands)",
      });
    }
  })
  .transform((value) => schemaFor(value).parse(value));
