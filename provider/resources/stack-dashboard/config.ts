import { z } from "zod";
import type { MergedInput } from "../../resource-class/merged-input";
import type { SchemaInput } from "../../schemas/schema-input";
import { withForms } from "../../schemas/union-forms";

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

const numberFormatShape = {
  /** Form the number is shown in; the other fields refine it. */
  output: z.enum(["currency", "percent", "byte", "time", "duration", "number", "data_rate", "throughput"]),
  /** Unit of the raw number, for output forms that convert it. */
  numericUnit: z.string().optional(),
  /** Digits after the decimal point. */
  mantissa: z.number().int().optional(),
  /** Group thousands with a separator (1,234,567). */
  thousandSeparated: z.boolean().optional(),
  /** Abbreviate large numbers (1.2k, 3.4m). */
  average: z.boolean().optional(),
  /** Byte sizes in powers of 1000 (kB) rather than 1024 (KiB), with `output: "byte"`. */
  decimalBytes: z.boolean().optional(),
  /** Multiplier applied to the number before it is shown. */
  factor: z.number().optional(),
  /** Symbol shown with `output: "currency"`. */
  currencySymbol: z.string().optional(),
  /** Unit text shown after the number. */
  unit: z.string().optional(),
};
/** How a number is shown: `output` and its options (typed by name so the field docs survive declaration emit). */
export type NumberFormat = z.ZodObject<typeof numberFormatShape, "strict">;
/** How a number is shown: `output` and its options. */
export const numberFormat: NumberFormat = z.object(numberFormatShape).strict();

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
    /** Language of `where`: `sql` or `lucene`. @default "lucene" */
    whereLanguage: whereLanguage.optional(),
    /** Name shown for the aggregate. */
    alias: text.optional(),
    /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
    /** Kind of metric read, for a metrics source. */
    metricType: metricType.optional(),
    /** Name of the metric read, for a metrics source. */
    metricName: z.string().optional(),
    /** Aggregate the change over each period (`delta`) rather than the value. */
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
    /** The formula over the select items by letter, e.g. `A / B`. */
    expression: z.string().max(1024),
    /** Name shown for the formula's series. */
    alias: z.string().optional(),
    /** How numbers are shown: output form, unit, decimals, separators. */ numberFormat: numberFormat.optional(),
  })
  .strict();

const items = z.array(selectItem).min(1, "must have at least one item").max(20, "must have at most 20 items");
const oneItem = z.array(selectItem).length(1, "must have exactly one item");
const sourceId = z.string().min(1, "must not be empty");

// Fields several display types share, in small groups spread into each member, so each field's
// doc is written once and still shows on hover in every member.
const queried = {
  /** The source queried (an id from `getStackSources`). */
  sourceId,
};
const grouped = {
  /** Comma-separated expressions. */
  groupBy: text.optional(),
};
const ordered = {
  /** Order of the rows or bars, e.g. `count DESC`. */
  orderBy: text.optional(),
};
const ratio = {
  /** Show the two select items as a ratio, the first over the second. */
  asRatio: z.boolean().optional(),
};
const formatted = {
  /** How numbers are shown: output form, unit, decimals, separators. */
  numberFormat: numberFormat.optional(),
};
const withFormulas = {
  /** Formulas over the select items, at most 10. */
  formulas: z.array(formula).max(10, "must have at most 10 formulas").optional(),
};
const operands = {
  /** Also draw the select items the formulas read, not only the formulas. */
  showOperandSeries: z.boolean().optional(),
};
const overTime = {
  /** Snap the dashboard's time range to whole buckets of the chart's granularity. */
  alignDateRangeToGranularity: z.boolean().optional(),
  /** Draw a time bucket without data as 0 rather than a gap. @default true */
  fillNulls: z.boolean().optional(),
  /** Most series drawn; groups beyond it are left out. */
  seriesLimit: count.optional(),
};
const lineOnly = {
  /** Also draw each series over the period before, for comparison. */
  compareToPreviousPeriod: z.boolean().optional(),
  /** Scale the Y axis to the data rather than from 0. */
  fitYAxisToData: z.boolean().optional(),
};
const clickable = {
  /** What a click on a row does; passed through as written (the server checks it). */
  onClick: opaque.optional(),
};
const coloured = {
  /** Colour of the number: a palette token, e.g. `chart-blue`. */
  color: colour.optional(),
};
const textQuery = {
  ...queried,
  /** Filter of the rows shown. @default "" */
  where: text.optional(),
  /** Language of `where`: `sql` or `lucene`. @default "lucene" */
  whereLanguage: whereLanguage.optional(),
};

const charted = {
  ...queried,
  /** Aggregates drawn, 1-20. */
  select: items,
  ...grouped,
  ...ratio,
  ...overTime,
  ...formatted,
  ...withFormulas,
  ...operands,
};

const categorical = {
  ...queried,
  /** The one aggregate drawn. */
  select: oneItem,
  ...grouped,
  ...ordered,
  ...formatted,
  /** Most slices or bars drawn. */
  limit: count.optional(),
};

/** Builder tiles, by display type. */
const builderConfig = z.discriminatedUnion("displayType", [
  z
    .object({
      /** Drawn as `line`: the fields beside it are this display type's. */ displayType: z.literal("line"),
      ...charted,
      ...lineOnly,
    })
    .strict(),
  z
    .object({
      /** Drawn as `stacked_bar`: the fields beside it are this display type's. */ displayType: z.literal("stacked_bar"),
      ...charted,
    })
    .strict(),
  z
    .object({
      /** Drawn as `table`: the fields beside it are this display type's. */ displayType: z.literal("table"),
      ...queried,
      /** Aggregates shown as columns, 1-20. */
      select: items,
      ...grouped,
      /** Filter of the grouped rows, on the aggregates (e.g. `count > 10`). */
      having: text.optional(),
      ...ordered,
      ...ratio,
      ...formatted,
      /** Show the group-by columns left of the aggregates. */
      groupByColumnsOnLeft: z.boolean().optional(),
      ...clickable,
      ...withFormulas,
      ...operands,
    })
    .strict(),
  z
    .object({
      /** Drawn as `number`: the fields beside it are this display type's. */ displayType: z.literal("number"),
      ...queried,
      /** Aggregates: one, or those the formulas read. */
      select: items,
      ...formatted,
      ...withFormulas,
      ...coloured,
      /** Rules that colour the number by its value; passed through as written (the server checks them), at most 10. */
      colorRules: z.array(opaque).max(10, "must have at most 10 rules").optional(),
      /** A small chart drawn behind the number. */
      backgroundChart: z
        .object({
          /** How the background chart is drawn: `line` or `area`. */
          type: z.enum(["line", "area"]),
          /** Its colour: a palette token, e.g. `chart-blue`. */
          color: colour.optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
  z
    .object({
      /** Drawn as `pie`: the fields beside it are this display type's. */ displayType: z.literal("pie"),
      ...categorical,
    })
    .strict(),
  z
    .object({
      /** Drawn as `bar`: the fields beside it are this display type's. */ displayType: z.literal("bar"),
      ...categorical,
    })
    .strict(),
  z
    .object({
      /** Drawn as `heatmap`: the fields beside it are this display type's. */ displayType: z.literal("heatmap"),
      ...textQuery,
      /** The one value whose distribution is drawn. */
      select: z
        .array(
          z
            .object({
              /** The value bucketed on the Y axis. */
              valueExpression: text.min(1, "must not be empty"),
              /** What is counted in each bucket. */
              countExpression: text.optional(),
              /** Scale of the Y axis. */
              heatmapScaleType: z.enum(["log", "linear"]).optional(),
            })
            .strict(),
        )
        .length(1, "must have exactly one item"),
      ...formatted,
    })
    .strict(),
  z
    .object({
      /** Drawn as `markdown`: the fields beside it are this display type's. */ displayType: z.literal("markdown"),
      /** Text of the tile, in Markdown. */
      markdown: z.string().max(50000).optional(),
    })
    .strict(),
  z
    .object({
      /** Drawn as `search`: the fields beside it are this display type's. */ displayType: z.literal("search"),
      ...textQuery,
      /** The columns shown, comma-separated. */
      select: text,
    })
    .strict(),
  z
    .object({
      /** Drawn as `event_patterns`: the fields beside it are this display type's. */ displayType: z.literal("event_patterns"),
      ...textQuery,
      /** The columns the patterns are found in, comma-separated. */
      select: text.optional(),
    })
    .strict(),
]);

const raw = {
  /** `sql`: the tile is a raw SQL query rather than a builder query. */
  configType: z.literal("sql"),
  /** The database connection the query runs on. */
  connectionId: z.string().min(1, "must not be empty"),
  /** The SQL query, with the server's template placeholders (time range, filters). */
  sqlTemplate: z.string().max(100000),
  /** The source whose filters apply to the query (an id from `getStackSources`). */
  sourceId: sourceId.optional(),
  ...formatted,
};

/** Raw SQL tiles (`configType: "sql"`), by display type. */
const rawSqlConfig = z.discriminatedUnion("displayType", [
  z
    .object({
      ...raw,
      /** Drawn as `line`: the fields beside it are this display type's. */ displayType: z.literal("line"),
      ...overTime,
      ...lineOnly,
    })
    .strict(),
  z
    .object({
      ...raw,
      /** Drawn as `stacked_bar`: the fields beside it are this display type's. */ displayType: z.literal("stacked_bar"),
      ...overTime,
    })
    .strict(),
  z
    .object({
      ...raw,
      /** Drawn as `table`: the fields beside it are this display type's. */ displayType: z.literal("table"),
      ...clickable,
    })
    .strict(),
  z
    .object({
      ...raw,
      /** Drawn as `number`: the fields beside it are this display type's. */ displayType: z.literal("number"),
      ...coloured,
    })
    .strict(),
  z
    .object({
      ...raw,
      /** Drawn as `pie`: the fields beside it are this display type's. */ displayType: z.literal("pie"),
    })
    .strict(),
  z
    .object({
      ...raw,
      /** Drawn as `bar`: the fields beside it are this display type's. */ displayType: z.literal("bar"),
    })
    .strict(),
]);

// SchemaInput rather than z.input: built from the shapes, so each field keeps its doc on hover.
type BuilderConfigInput = SchemaInput<typeof builderConfig>;
type RawSqlConfigInput = SchemaInput<typeof rawSqlConfig>;
type ConfigDisplayType = BuilderConfigInput["displayType"] | RawSqlConfigInput["displayType"];

/**
 * A tile's `config` as users write it: one shape per display type, holding the builder fields and
 * the raw SQL fields of that display type (`configType: "sql"` says which a tile is). One shape,
 * not two: an editor tells shapes apart by the literals written, and a builder tile writes no
 * `configType`, so between two `line` shapes it would show no doc for the fields both have.
 * `check` still holds each tile to its exact shape.
 */
export type TileConfigInput = {
  [D in ConfigDisplayType]: MergedInput<Extract<BuilderConfigInput, { displayType: D }>, Extract<RawSqlConfigInput, { displayType: D }>>;
}[ConfigDisplayType];

/** Every form of a tile's config, builder and raw SQL. */
const FORMS = [...builderConfig.options, ...rawSqlConfig.options];

/** Why `key` is refused in `value`'s form: which form it is, and the display types that do take the key. */
function notOfForm(key: string, value: unknown): string {
  const { displayType, configType } = (typeof value === "object" && value !== null ? value : {}) as { displayType?: unknown; configType?: unknown };
  const form = `${configType === "sql" ? "a raw SQL" : "a"} ${typeof displayType === "string" ? `\`${displayType}\` ` : ""}tile`;
  const takers = FORMS.filter((f) => key in f.shape).map((f) => `${"configType" in f.shape ? "raw SQL " : ""}${f.shape.displayType.value}`);
  return takers.length
    ? `is not a field of ${form}; the display types that take it: ${[...new Set(takers)].join(", ")}`
    : `is not a field of ${form}, nor of any display type`;
}

const isRawSql = (v: unknown): boolean => typeof v === "object" && v !== null && (v as { configType?: unknown }).configType === "sql";

/**
 * A tile's `config`: checked against the raw SQL union when it says `configType: "sql"`, else
 * the builder union, so a problem names its field (`tiles[0].config.select[1].valueExpression`)
 * rather than "no union member matched"; then the rules across fields the server has.
 */
export const tileConfig = withForms(
  z
    .custom<TileConfigInput>(() => true)
    .superRefine((value, ctx) => {
      const result = (isRawSql(value) ? rawSqlConfig : builderConfig).safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues) {
          if (issue.code !== "unrecognized_keys" || issue.path.length > 0) ctx.addIssue(issue);
          else for (const key of issue.keys) ctx.addIssue({ code: "custom", path: [key], message: notOfForm(key, value) });
        }
        return;
      }
      const c = result.data as { select?: unknown; asRatio?: unknown; formulas?: unknown[]; displayType: string; configType?: string };
      const n = Array.isArray(c.select) ? c.select.length : 0;
      if (c.asRatio === true && n !== 2) ctx.addIssue({ code: "custom", path: ["asRatio"], message: "needs exactly two select items" });
      if (c.configType === undefined && c.displayType === "number" && (c.formulas?.length ?? 0) === 0 && n !== 1) {
        ctx.addIssue({ code: "custom", path: ["select"], message: "a number tile has one select item unless it has formulas" });
      }
    }),
  [...builderConfig.options, ...rawSqlConfig.options],
);
