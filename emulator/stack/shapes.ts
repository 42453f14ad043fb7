/**
 * Request shapes of the observability stack (contract tables, stack behaviour notes), as zod
 * schemas with their inferred types. Messages are zod's own, which is what the open-source
 * server answers (`tiles.0.w: Number must be greater than or equal to 1`).
 */
import { z } from "zod";
import { badRequest, type ApiFailure } from "../http/errors";

/** Alert evaluation intervals the server accepts. */
export const ALERT_INTERVALS = ["1m", "5m", "15m", "30m", "1h", "6h", "12h", "1d"] as const;

/** One query series of a tile. */
export const seriesSchema = z.object({
  type: z.enum(["time", "table", "number", "histogram", "search", "markdown"]),
  dataSource: z.enum(["events", "metrics"]),
  aggFn: z.string().optional(),
  field: z.string().optional(),
  where: z.string().optional(),
  groupBy: z.array(z.string()).max(10).optional(),
});

/** A tile's place on the 24-column grid, the same in both generations (the server does not check `x + w <= 24`). */
export const tileLayoutShape = {
  x: z.number().min(0).max(23),
  y: z.number().min(0),
  w: z.number().min(1).max(24),
  h: z.number().min(1),
};

/** One tile on the 24-column grid. */
export const tileSchema = z
  .object({
    id: z.string().optional(),
    name: z.string(),
    ...tileLayoutShape,
    asRatio: z.boolean().optional(),
    series: z.array(seriesSchema).min(1),
  })
  .refine((tile) => tile.series.every((s) => s.type === tile.series[0]?.type), {
    message: "All series of a tile must have the same type",
    path: ["series"],
  });

const tags = z.array(z.string().max(32)).max(50);
const tiles = z.array(tileSchema).max(500);

/** POST of a dashboard. */
export const dashboardCreateSchema = z.object({
  name: z.string().min(1).max(1024),
  tiles: tiles.optional(),
  tags: tags.optional(),
});

/** PUT of a dashboard: every field optional, `tiles` is the whole list when given. */
export const dashboardUpdateSchema = z.object({
  name: z.string().min(1).max(1024).optional(),
  tiles: tiles.optional(),
  tags: tags.optional(),
});

/** POST and PUT of an alert (PUT takes the whole alert). */
export const alertSchema = z
  .object({
    threshold: z.number(),
    interval: z.enum(ALERT_INTERVALS),
    source: z.enum(["tile", "search"]),
    thresholdType: z.enum(["above", "below"]),
    channel: z.object({ type: z.literal("webhook"), webhookId: z.string().min(1) }),
    dashboardId: z.string().min(1).nullish(),
    tileId: z.string().min(1).nullish(),
    savedSearchId: z.string().min(1).nullish(),
    groupBy: z.string().nullish(),
    name: z.string().min(1).max(512).nullish(),
    message: z.string().min(1).max(4096).nullish(),
  })
  .superRefine((alert, ctx) => {
    if (alert.source !== "tile") return;
    if (!alert.dashboardId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["dashboardId"], message: "Required for tile alerts" });
    if (!alert.tileId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["tileId"], message: "Required for tile alerts" });
  });

/** Inputs as users write them. */
export type SeriesInput = z.input<typeof seriesSchema>;
export type TileInput = z.output<typeof tileSchema>;
export type DashboardCreate = z.output<typeof dashboardCreateSchema>;
export type DashboardUpdate = z.output<typeof dashboardUpdateSchema>;
export type AlertInput = z.output<typeof alertSchema>;

/** Parses a body or throws the 400 the server answers, every problem in one message. */
export function parseBody<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data as z.output<T>;
  throw validationFailure(result.error);
}

function validationFailure(error: z.ZodError): ApiFailure {
  const parts = error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message));
  return badRequest(`Body validation failed: ${parts.join("; ")}`);
}
