import { z } from "zod";
import { metricType, whereLanguage } from "./stack-dashboard-config";

/**
 * Dashboard-wide parts of current stack servers beside the tiles: filters, saved filter values
 * and containers.
 * Field names are the server's. Pure.
 */

const id = z.string().min(1, "must not be empty").max(256, "must be at most 256 characters");
const title = z.string().min(1, "must not be empty").max(256, "must be at most 256 characters");

/** One dashboard filter: an expression whose values users pick, applied to the tiles. */
export const stackFilter = z
  .object({
    /** The server's id; the provider carries it by `name`, so leave it out. */
    id: z.string().optional(),
    type: z.literal("QUERY_EXPRESSION"),
    /** Shown name; unique in the dashboard (ids are carried by it). */
    name: z.string().min(1, "must not be empty"),
    expression: z.string().min(1, "must not be empty"),
    sourceId: z.string().min(1, "must not be empty"),
    sourceMetricType: metricType.optional(),
    where: z.string().optional(),
    whereLanguage: whereLanguage.optional(),
    appliesToSourceIds: z.array(z.string().min(1)).optional(),
    /** @default true */
    isBroadcastEnabled: z.boolean().optional(),
    isVariableEnabled: z.boolean().optional(),
    variableName: z
      .string()
      .max(64)
      .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, "must start with a letter and hold letters, digits and _")
      .optional(),
  })
  .strict();

/** A group of tiles, collapsible, maybe with tabs. */
export const stackContainer = z
  .object({
    id,
    title,
    collapsed: z.boolean(),
    collapsible: z.boolean().optional(),
    bordered: z.boolean().optional(),
    tabs: z.array(z.object({ id, title }).strict()).max(20, "must have at most 20 tabs").optional(),
  })
  .strict();

/**
 * One saved value of the dashboard's filters: a SQL condition the dashboard opens with, as the
 * server's `savedFilterValues` holds it.
 */
export const stackSavedFilterValue = z
  .object({
    /** The condition's language; only SQL. @default "sql" */
    type: z.literal("sql").optional(),
    /** The condition, e.g. `ServiceName IN ('checkout')`. */
    condition: z.string().max(10000, "must be at most 10000 characters"),
  })
  .strict();
