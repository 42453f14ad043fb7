import { z } from "zod";
import { metricType, whereLanguage } from "./config";

/**
 * Dashboard-wide parts of current stack servers beside the tiles: filters, saved filter values
 * and containers.
 * Field names are the server's. Each schema is typed by name: declaration emit would otherwise
 * write it out in full where it is imported, without the field docs. Pure.
 */

const id = z.string().min(1, "must not be empty").max(256, "must be at most 256 characters");
const title = z.string().min(1, "must not be empty").max(256, "must be at most 256 characters");

/** One dashboard filter: an expression whose values users pick, applied to the tiles. */
const stackFilterShape = {
  /** The server's id; the provider carries it by `name`, so leave it out. */
  id: z.string().optional(),
  /** Kind of filter: `QUERY_EXPRESSION`, the only kind. */
  type: z.literal("QUERY_EXPRESSION"),
  /** Shown name; unique in the dashboard (ids are carried by it). */
  name: z.string().min(1, "must not be empty"),
  /** The expression whose values users pick, e.g. `ServiceName`. */
  expression: z.string().min(1, "must not be empty"),
  /** The source the values are read from (an id from `getStackSources`). */
  sourceId: z.string().min(1, "must not be empty"),
  /** Kind of metric the values are read from, for a metrics source. */
  sourceMetricType: metricType.optional(),
  /** Filter of the rows the values are read from. */
  where: z.string().optional(),
  /** Language of `where`: `sql` or `lucene`. */
  whereLanguage: whereLanguage.optional(),
  /** When broadcast: apply the value only to tiles of these sources (ids). */
  appliesToSourceIds: z.array(z.string().min(1)).optional(),
  /** Broadcast the picked value: apply it to the dashboard's tiles. A filter broadcasts, is a variable, or both. @default true */
  isBroadcastEnabled: z.boolean().optional(),
  /** Make the picked value available as a variable, named by `variableName`. */
  isVariableEnabled: z.boolean().optional(),
  /** Name of the variable, with `isVariableEnabled`: a letter, then letters, digits and `_`; at most 64 characters. */
  variableName: z
    .string()
    .max(64)
    .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, "must start with a letter and hold letters, digits and _")
    .optional(),
};
export type StackFilter = z.ZodObject<typeof stackFilterShape, "strict">;
export const stackFilter: StackFilter = z.object(stackFilterShape).strict();

/** A group of tiles, collapsible, maybe with tabs. */
const stackContainerShape = {
  /** Id of the container, 1-256 characters; tiles name it in `containerId`. */
  id,
  /** Title shown on the container, 1-256 characters. */
  title,
  /** Whether the container starts collapsed. */
  collapsed: z.boolean(),
  /** Whether users can collapse it. */
  collapsible: z.boolean().optional(),
  /** Whether a border is drawn around it. */
  bordered: z.boolean().optional(),
  /** Tabs of the container, at most 20; tiles name one in `tabId`. */
  tabs: z
    .array(
      z
        .object({
          /** Id of the tab, 1-256 characters. */
          id,
          /** Title shown on the tab, 1-256 characters. */
          title,
        })
        .strict(),
    )
    .max(20, "must have at most 20 tabs")
    .optional(),
};
export type StackContainer = z.ZodObject<typeof stackContainerShape, "strict">;
export const stackContainer: StackContainer = z.object(stackContainerShape).strict();

/**
 * One saved value of the dashboard's filters: a SQL condition the dashboard opens with, as the
 * server's `savedFilterValues` holds it.
 */
const stackSavedFilterValueShape = {
  /** The condition's language; only SQL. @default "sql" */
  type: z.literal("sql").optional(),
  /** The condition, e.g. `ServiceName IN ('checkout')`. */
  condition: z.string().max(10000, "must be at most 10000 characters"),
};
export type StackSavedFilterValue = z.ZodObject<typeof stackSavedFilterValueShape, "strict">;
export const stackSavedFilterValue: StackSavedFilterValue = z.object(stackSavedFilterValueShape).strict();
