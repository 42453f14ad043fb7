import { z } from "zod";

/**
 * The `config` form of a tile, as current stack servers take it (2.18.0 and later): builder
 * tiles of ten display types, raw SQL tiles (`configType: "sql"`) of six. Field names are the
 * server's, so a tile copied from a server's JSON fits as it is. Objects are strict: the server
 * silently drops a field its display type does not have, which would preview a change forever,
 * so `check` names such a field instead. Pure.
 */

const text = z.string().max(10000, "must be at most 10000 characters");
const count = z.number().int("must be an integer").nonnegative("must be at least 0");

/** Aggregate functions of a select item or a series. */
export const AGG_FNS = ["avg", "count", "count_distinct", "last_value", "max", "min", "quantile", "sum", "any", "none", "increase"] as const;
/** Query languages of a `where`. */
export const whereLanguage = z.enum(["sql", "lucene"]);
/** Kinds of metric a select item or series reads. */
export const metricType = z.enum(["gauge", "histogram", "sum", "summary", "exponential histogram"]);

/** How a number is shown: `output` and its options. */
export const numberFormat = z
  .object({
    output: z.enum(["currency", "percent", "byte", "time", "duration", "number", "data_rate", "throughput"]),
    numericUnit: z.string().optional(),
    mantissa: z.number().int().optional(),
    thousandSeparated: z.boolean().optional(),
    average: z.boolean().optional(),
    decimalBytes: z.boolean().optional(),
    factor: z.number().optional(),
    currencySymbol: z.string().optional(),
    unit: z.string().optional(),
  })
  .strict();

/** Chart colours: the server's palette tokens. */
const COLOURS = ["blue", "orange", "red", "cyan", "green", "pink", "purple", "light-blue", "brown", "gray", "success", "warning", "error"].map(
  (c) => `chart-${c}`,
);
const colour = z.string().refine((c) => COLOURS.includes(c), { message: `must be one of ${COLOURS.join(", ")}` });
/** Shapes the provider passes through as written (click actions, colour rules): the server checks their grammar. */
const opaque = z.record(z.unknown());

/** One aggregate of a builder tile. */
const selectItem = z
  .object({
    /** Aggregation. */
    aggFn: z.enum(AGG_FNS),
    /** What is aggregated (not for `count`, required otherwise). */
    valueExpression: text.optional(),
    /** Quantile level, with `aggFn: "quantile"`. */
    level: z.union([z.literal(0.5), z.literal(0.9), z.literal(0.95), z.literal(0.99)]).optional(),
    /** Filter of what is aggregated. @default "" */
    where: text.optional(),
    /** @default "lucene" */
    whereLanguage: whereLanguage.optional(),
    alias: text.optional(),
    /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
    metricType: metricType.optional(),
    metricName: z.string().optional(),
    periodAggFn: z.literal("delta").optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.level !== undefined && item.aggFn !== "quantile") ctx.addIssue({ code: "custom", path: ["level"], message: 'only goes with aggFn "quantile"' });
    if (item.valueExpression && item.aggFn === "count")
      ctx.addIssue({ code: "custom", path: ["valueExpression"], message: 'cannot be used with aggFn "count"' });
    else if (!item.valueExpression && item.aggFn !== "count")
      ctx.addIssue({ code: "custom", path: ["valueExpression"], message: `is required for aggFn "${item.aggFn}"` });
  });

/** A formula over the select items (`A / B`). */
const formula = z
  .object({
    expression: z.string().max(1024),
    alias: z.string().optional(),
    /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
  })
  .strict();

const items = z.array(selectItem).min(1, "must have at least one item").max(20, "must have at most 20 items");
const oneItem = z.array(selectItem).length(1, "must have exactly one item");
const sourceId = z.string().min(1, "must not be empty");

const charted = {
  sourceId,
  select: items,
  /** Comma-separated expressions. */
  groupBy: text.optional(),
  asRatio: z.boolean().optional(),
  alignDateRangeToGranularity: z.boolean().optional(),
  /** @default true */
  fillNulls: z.boolean().optional(),
  /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
  formulas: z.array(formula).max(10, "must have at most 10 formulas").optional(),
  showOperandSeries: z.boolean().optional(),
  seriesLimit: count.optional(),
};

const categorical = {
  sourceId,
  select: oneItem,
  groupBy: text.optional(),
  orderBy: text.optional(),
  /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
  limit: count.optional(),
};
const textQuery = { sourceId, where: text.optional(), whereLanguage: whereLanguage.optional() };

/** Builder tiles, by display type. */
const builderConfig = z.discriminatedUnion("displayType", [
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("line"),
      ...charted,
      compareToPreviousPeriod: z.boolean().optional(),
      fitYAxisToData: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("stacked_bar"),
      ...charted,
    })
    .strict(),
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("table"),
      sourceId,
      select: items,
      groupBy: text.optional(),
      having: text.optional(),
      orderBy: text.optional(),
      asRatio: z.boolean().optional(),
      /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
      groupByColumnsOnLeft: z.boolean().optional(),
      onClick: opaque.optional(),
      formulas: charted.formulas,
      showOperandSeries: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("number"),
      sourceId,
      select: items,
      /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
      formulas: charted.formulas,
      color: colour.optional(),
      colorRules: z.array(opaque).max(10, "must have at most 10 rules").optional(),
      backgroundChart: z
        .object({ type: z.enum(["line", "area"]), color: colour.optional() })
        .strict()
        .optional(),
    })
    .strict(),
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("pie"),
      ...categorical,
    })
    .strict(),
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("bar"),
      ...categorical,
    })
    .strict(),
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("heatmap"),
      ...textQuery,
      select: z
        .array(
          z
            .object({
              valueExpression: text.min(1, "must not be empty"),
              countExpression: text.optional(),
              heatmapScaleType: z.enum(["log", "linear"]).optional(),
            })
            .strict(),
        )
        .length(1, "must have exactly one item"),
      /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
    })
    .strict(),
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("markdown"),
      markdown: z.string().max(50000).optional(),
    })
    .strict(),
  /** `select`: the columns shown, comma-separated. */
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("search"),
      ...textQuery,
      select: text,
    })
    .strict(),
  z
    .object({
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("event_patterns"),
      ...textQuery,
      select: text.optional(),
    })
    .strict(),
]);

const raw = {
  configType: z.literal("sql"),
  connectionId: z.string().min(1, "must not be empty"),
  sqlTemplate: z.string().max(100000),
  sourceId: sourceId.optional(),
  /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
};
const rawTime = { fillNulls: z.boolean().optional(), alignDateRangeToGranularity: z.boolean().optional(), seriesLimit: count.optional() };

/** Raw SQL tiles (`configType: "sql"`), by display type. */
const rawSqlConfig = z.discriminatedUnion("displayType", [
  z
    .object({
      ...raw,
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("line"),
      ...rawTime,
      compareToPreviousPeriod: z.boolean().optional(),
      fitYAxisToData: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      ...raw,
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("stacked_bar"),
      ...rawTime,
    })
    .strict(),
  z
    .object({
      ...raw,
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("table"),
      onClick: opaque.optional(),
    })
    .strict(),
  z
    .object({
      ...raw,
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("number"),
      color: colour.optional(),
    })
    .strict(),
  z
    .object({
      ...raw,
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("pie"),
    })
    .strict(),
  z
    .object({
      ...raw,
      /** How the tile is drawn: `line`, `stacked_bar`, `table`, `number`, `pie`, `bar`, `heatmap`, `delta`, `search`, `event_patterns` or `markdown`; the other fields follow it. */ displayType:
        z.literal("bar"),
    })
    .strict(),
]);

type BuilderConfigInput = z.input<typeof builderConfig>;
type RawSqlConfigInput = z.input<typeof rawSqlConfig>;
/** A tile's `config` as users write it. */
export type TileConfigInput = BuilderConfigInput | RawSqlConfigInput;

/** Display types of a builder tile. */
export const DISPLAY_TYPES = builderConfig.options.map((o) => o.shape.displayType.value);

const isRawSql = (v: unknown): boolean => typeof v === "object" && v !== null && (v as { configType?: unknown }).configType === "sql";

/**
 * A tile's `config`: checked against the raw SQL union when it says `configType: "sql"`, else
 * the builder union, so a problem names its field (`tiles[0].config.select[1].valueExpression`)
 * rather than "no union member matched"; then the rules across fields the server has.
 */
export const tileConfig = z
  .custom<TileConfigInput>(() => true)
  .superRefine((value, ctx) => {
    const result = (isRawSql(value) ? rawSqlConfig : builderConfig).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue(issue);
      return;
    }
    const c = result.data as { select?: unknown; asRatio?: unknown; formulas?: unknown[]; displayType: string; configType?: string };
    const n = Array.isArray(c.select) ? c.select.length : 0;
    if (c.asRatio === true && n !== 2) ctx.addIssue({ code: "custom", path: ["asRatio"], message: "needs exactly two select items" });
    if (c.configType === undefined && c.displayType === "number" && (c.formulas?.length ?? 0) === 0 && n !== 1) {
      ctx.addIssue({ code: "custom", path: ["select"], message: "a number tile has one select item unless it has formulas" });
    }
  });
