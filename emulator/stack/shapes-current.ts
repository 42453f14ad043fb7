/**
 * Request shapes of the current stack API (notes: "Current shapes (2.36)"), as zod schemas
 * with their inferred types: series and config tiles, dashboards, alerts.
 */
import { z } from "zod";
import { ALERT_INTERVALS, tileLayoutShape } from "./shapes";
import { aggFnSchema, metricTypeSchema, numberFormatSchema, objectIdSchema, tileConfigSchema, whereLanguageSchema } from "./tile-config-shape";

const level = z.number().min(0).max(1).optional();
const querySeries = {
  sourceId: objectIdSchema,
  aggFn: aggFnSchema,
  level,
  field: z.string().optional(),
  alias: z.string().optional(),
  where: z.string(),
  whereLanguage: whereLanguageSchema,
  numberFormat: numberFormatSchema.optional(),
  metricDataType: metricTypeSchema.optional(),
  metricName: z.string().optional(),
};

/** One series of a tile in the series form; `dataSource` is gone, `sourceId` names a source. */
export const currentSeriesSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("time"), ...querySeries, groupBy: z.array(z.string()).max(10), displayType: z.enum(["stacked_bar", "line"]).optional() }),
  z.object({ type: z.literal("table"), ...querySeries, groupBy: z.array(z.string()).max(10), sortOrder: z.enum(["desc", "asc"]).optional() }),
  z.object({ type: z.literal("search"), sourceId: objectIdSchema, fields: z.array(z.string()), where: z.string(), whereLanguage: whereLanguageSchema }),
  z.object({ type: z.literal("number"), ...querySeries }),
  z.object({ type: z.literal("markdown"), content: z.string().max(100000) }),
]);

/** One tile: `series` or `config`, never both; optional id of at most 36 characters. */
export const currentTileSchema = z
  .object({
    id: z.string().max(36).optional(),
    name: z.string(),
    ...tileLayoutShape,
    asRatio: z.boolean().optional(),
    series: z
      .array(currentSeriesSchema)
      .min(1)
      .superRefine((series, ctx) => {
        if (!series.every((s) => s.type === series[0]?.type)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "All series must have the same type" });
      })
      .optional(),
    config: tileConfigSchema.optional(),
    containerId: z.string().min(1).max(256).optional(),
    tabId: z.string().min(1).max(256).optional(),
  })
  .superRefine((tile, ctx) => {
    if (tile.series && tile.config) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Tile cannot have both series and config" });
    else if (!tile.series && !tile.config) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Tile must have either series or config" });
    if (tile.asRatio !== undefined && tile.config) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "asRatio property is not supported when using config property. Specify config.asRatio instead." });
    }
  });

const tileList = z
  .array(currentTileSchema)
  .max(500)
  .superRefine((tiles, ctx) => {
    const seen = new Set<string>();
    tiles.forEach((tile, i) => {
      if (!tile.id) return;
      if (seen.has(tile.id))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i, "id"], message: `Duplicate tile ID: ${tile.id}. Omit the ID to generate a unique one.` });
      seen.add(tile.id);
    });
  });

const containerSchema = z.object({
  id: z.string().min(1).max(256),
  title: z.string().min(1).max(256),
  collapsed: z.boolean(),
  collapsible: z.boolean().optional(),
  bordered: z.boolean().optional(),
  tabs: z
    .array(z.object({ id: z.string().min(1).max(256), title: z.string().min(1).max(256) }))
    .max(20)
    .optional(),
});

const filterShape = {
  type: z.enum(["QUERY_EXPRESSION"]),
  name: z.string().min(1),
  expression: z.string().min(1),
  sourceId: objectIdSchema,
  sourceMetricType: metricTypeSchema.optional(),
  where: z.string().optional(),
  whereLanguage: z.enum(["sql", "lucene"]).optional(),
  appliesToSourceIds: z.array(z.string().min(1)).optional(),
  isBroadcastEnabled: z.boolean().optional(),
  isVariableEnabled: z.boolean().optional(),
  variableName: z
    .string()
    .max(64)
    .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/)
    .optional(),
};

/** The fields that decide what a filter does: broadcast its value (default), be a variable, or both. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is used, to type filterModeProblems
const filterModes = z.object({
  name: z.string(),
  isBroadcastEnabled: z.boolean().optional(),
  isVariableEnabled: z.boolean().optional(),
  variableName: z.string().optional(),
  appliesToSourceIds: z.array(z.string()).optional(),
});

/** A filter that does nothing, or sets fields its modes ignore, is refused. */
function filterModeProblems(f: z.output<typeof filterModes>): Array<[string, string]> {
  const broadcast = f.isBroadcastEnabled !== false;
  const variable = f.isVariableEnabled === true;
  const problems: Array<[string, string]> = [];
  if (!broadcast && !variable) problems.push(["isBroadcastEnabled", `Filter "${f.name}" must broadcast its value, be available as a variable, or both`]);
  if (f.variableName !== undefined && !variable)
    problems.push([
      "variableName",
      `Filter "${f.name}" sets variableName but is not available as a variable; set isVariableEnabled to true or drop variableName`,
    ]);
  if ((f.appliesToSourceIds?.length ?? 0) > 0 && !broadcast)
    problems.push([
      "appliesToSourceIds",
      `Filter "${f.name}" sets appliesToSourceIds but does not broadcast its value; set isBroadcastEnabled to true or drop appliesToSourceIds`,
    ]);
  return problems;
}

function dashboardBody<F extends z.ZodTypeAny>(filter: F) {
  return z
    .object({
      name: z.string().max(1024),
      tiles: tileList,
      tags: z.array(z.string().max(32)).max(50).optional(),
      filters: z.array(filter).optional(),
      savedQuery: z.string().nullable().optional(),
      savedQueryLanguage: whereLanguageSchema.nullable(),
      savedFilterValues: z.array(z.object({ type: z.literal("sql").optional().default("sql"), condition: z.string().max(10000) })).optional(),
      containers: z.array(containerSchema).max(50).optional(),
    })
    .superRefine((body, ctx) => {
      if (body.savedQuery != null && body.savedQueryLanguage === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["savedQueryLanguage"], message: "savedQueryLanguage cannot be null when savedQuery is provided" });
      }
      (body.filters ?? []).forEach((f: z.output<typeof filterModes>, i: number) =>
        filterModeProblems(f).forEach(([field, message]) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["filters", i, field], message })),
      );
      const ids = new Set<string>();
      for (const container of body.containers ?? []) {
        if (ids.has(container.id))
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["containers"], message: `Container IDs must be unique: "${container.id}"` });
        ids.add(container.id);
      }
    });
}

/** POST of a dashboard: filters carry no id. */
export const currentDashboardCreateSchema = dashboardBody(z.object(filterShape).strict());
/** PUT of a dashboard: the whole dashboard again, every filter with its id. */
export const currentDashboardUpdateSchema = dashboardBody(z.object({ id: z.string(), ...filterShape }).strict());

export type CurrentTile = z.output<typeof currentTileSchema>;
export type CurrentSeries = z.output<typeof currentSeriesSchema>;
export type CurrentDashboardBody = z.output<typeof currentDashboardCreateSchema>;

/** Threshold types of the current server; `between` and `not_between` need `thresholdMax`. */
export const THRESHOLD_TYPES = ["above", "below", "above_exclusive", "below_or_equal", "equal", "not_equal", "between", "not_between"] as const;
const INTERVAL_MINUTES: Record<(typeof ALERT_INTERVALS)[number], number> = {
  "1m": 1,
  "5m": 5,
  "15m": 15,
  "30m": 30,
  "1h": 60,
  "6h": 360,
  "12h": 720,
  "1d": 1440,
};
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const channelSchema = z.object({ type: z.literal("webhook"), webhookId: z.string().min(1, "Webhook ID can't be empty") });
const key = (c: { type: string; webhookId: string }) => JSON.stringify([c.type, c.webhookId]);

/** POST and PUT of an alert (PUT takes the whole alert). */
export const currentAlertSchema = z
  .object({
    channel: channelSchema.optional(),
    channels: z
      .array(channelSchema)
      .min(1, "At least one notification channel is required")
      .max(10, "An alert supports at most 10 notification channels")
      .optional(),
    interval: z.enum(ALERT_INTERVALS),
    scheduleOffsetMinutes: z.number().int().min(0).max(1439).optional(),
    scheduleStartAt: z
      .union([z.string().datetime(), z.null()])
      .optional()
      .refine((v) => v == null || new Date(v).getTime() <= Date.now() + YEAR_MS, { message: "scheduleStartAt must be within 1 year from now" })
      .refine((v) => v == null || new Date(v).getTime() >= Date.now() - 10 * YEAR_MS, { message: "scheduleStartAt must be within 10 years in the past" }),
    threshold: z.number(),
    thresholdType: z.enum(THRESHOLD_TYPES),
    thresholdMax: z.number().optional(),
    source: z.enum(["saved_search", "tile"]).default("saved_search"),
    name: z.string().min(1).max(512).nullish(),
    message: z.string().min(1).max(4096).nullish(),
    note: z.string().min(1).max(4096).nullish(),
    numConsecutiveWindows: z.number().int().min(1).nullish(),
  })
  .and(
    z
      .object({ source: z.literal("saved_search"), groupBy: z.string().nullish(), savedSearchId: z.string().min(1) })
      .or(z.object({ source: z.literal("tile"), tileId: z.string().min(1), dashboardId: z.string().min(1) })),
  )
  .superRefine((alert, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["channels"], message });
    if (!alert.channel && !alert.channels) problem('Provide either "channel" or "channels"');
    else if (alert.channel && alert.channels && (alert.channels[0] === undefined || key(alert.channel) !== key(alert.channels[0]))) {
      problem('When both "channel" and "channels" are provided, "channel" must match the first entry of "channels"');
    } else if (alert.channels && new Set(alert.channels.map(key)).size !== alert.channels.length) problem("Duplicate notification channels are not allowed");
  })
  .superRefine((alert, ctx) => {
    const offset = alert.scheduleOffsetMinutes ?? 0;
    const minutes = INTERVAL_MINUTES[alert.interval];
    const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["scheduleOffsetMinutes"], message });
    if (alert.scheduleStartAt != null && offset > 0) problem("scheduleOffsetMinutes must be 0 when scheduleStartAt is provided");
    if (offset >= minutes) problem(`scheduleOffsetMinutes must be less than ${minutes} minute${minutes === 1 ? "" : "s"}`);
  })
  .superRefine((alert, ctx) => {
    if (alert.thresholdType !== "between" && alert.thresholdType !== "not_between") return;
    const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["thresholdMax"], message });
    if (alert.thresholdMax == null) problem("thresholdMax is required for between/not_between threshold types");
    else if (alert.thresholdMax < alert.threshold) problem("thresholdMax must be greater than or equal to threshold");
  });

export type CurrentAlertInput = z.output<typeof currentAlertSchema>;
