import { z } from "zod";

/** A series as the API returns it: defaults filled in (`where: ""`, `groupBy: []`), maybe more. */
const stackSeriesRecord = z
  .object({
    type: z.string(),
    dataSource: z.string().nullish(),
    aggFn: z.string().nullish(),
    field: z.string().nullish(),
    where: z.string().nullish(),
    groupBy: z.array(z.string()).nullish(),
  })
  .passthrough();

/** A tile as the API returns it, with its server-assigned id. */
const stackTileRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    x: z.number(),
    y: z.number(),
    w: z.number(),
    h: z.number(),
    asRatio: z.boolean().nullish(),
    series: z.array(stackSeriesRecord).nullish(),
    /** Current servers answer every tile in the `config` form. */
    config: z.record(z.unknown()).nullish(),
  })
  .passthrough();

/** A dashboard as the API returns it. */
export const stackDashboardRecord = z
  .object({
    id: z.string().min(1),
    name: z.string().nullish(),
    tiles: z.array(stackTileRecord).nullish(),
    tags: z.array(z.string()).nullish(),
  })
  .passthrough();

export type StackDashboardRecord = z.output<typeof stackDashboardRecord>;
export type StackTileRecord = z.output<typeof stackTileRecord>;
