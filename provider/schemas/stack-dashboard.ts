import { z } from "zod";
import { formatPath, type CheckFailure } from "./check-failures";
import { stackObjectFields } from "./stack-target";
import { isUnknown } from "./unknown";

/** Width of the dashboard grid, in columns. */
export const GRID_COLUMNS = 24;

const text = z.string().min(1, "must not be empty");
const int = z.number().int("must be an integer");

/** One query of a tile. */
export const stackSeries = z
  .object({
    /** Chart type, e.g. `time`, `number`, `table`. Every series of a tile has the same type. */
    type: text,
    /** What is queried, e.g. `events`, `metrics`. */
    dataSource: text,
    /** Aggregation, e.g. `count`, `avg`, `sum`. */
    aggFn: text,
    /** Attribute the aggregation reads (not needed for `count`). */
    field: text.optional(),
    /** Query expression filtering what is counted. @default "" */
    where: z.string().optional(),
    /** Attributes to group by, at most 10. @default [] */
    groupBy: z.array(text).max(10, "must have at most 10 entries").optional(),
  })
  .strict();

/** One tile on the 24-column grid. */
export const stackTile = z
  .object({
    /** Title shown on the tile. */
    name: text,
    /**
     * Stable identity of the tile in the program, unique in the dashboard: its server id is
     * carried forward by key, and `tileIds` is keyed by it. Set it to rename a tile without
     * re-creating it (which would delete the alerts on it). @default the tile's `name`
     */
    key: text.optional(),
    /** Column, 0-23. */
    x: int.min(0, "must be at least 0").max(GRID_COLUMNS - 1, `must be at most ${GRID_COLUMNS - 1}`),
    /** Row, from 0. */
    y: int.min(0, "must be at least 0"),
    /** Width in columns, 1-24; `x + w` at most 24. */
    w: int.min(1, "must be at least 1").max(GRID_COLUMNS, `must be at most ${GRID_COLUMNS}`),
    /** Height in rows, from 1. */
    h: int.min(1, "must be at least 1"),
    /** Show the series as a ratio of each other. @default false */
    asRatio: z.boolean().optional(),
    /** Queries of the tile, all of one `type`. */
    series: z.array(stackSeries).min(1, "must have at least one series"),
  })
  .strict();

/** A dashboard as the program describes it. */
export const stackDashboardSpec = z
  .object({
    /** Dashboard name, up to 1024 characters. @default the resource name */
    name: text.max(1024, "must be at most 1024 characters"),
    /** Every tile, at most 500. The list is the whole dashboard: a tile left out is removed. */
    tiles: z.array(stackTile).max(500, "must have at most 500 tiles"),
    /** Up to 50 tags of at most 32 characters; duplicates are dropped. @default [] */
    tags: z.array(text.max(32, "must be at most 32 characters")).max(50, "must have at most 50 tags").optional(),
    ...stackObjectFields,
  })
  .strict();

export type StackSeries = z.output<typeof stackSeries>;
export type StackTileInput = z.input<typeof stackTile>;
export type StackTile = z.output<typeof stackTile>;
export type StackDashboardInput = z.input<typeof stackDashboardSpec>;

/** A tile as the API returns it: the program's fields plus the server's id. */
export type StackTileOutput = Omit<StackTile, "key" | "asRatio"> & { id: string; key: string; asRatio: boolean };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const known = (v: unknown): boolean => v !== undefined && !isUnknown(v);

/** The key a tile is matched by: its `key`, else its `name`. Unknown while either is. */
export function tileKey(tile: { key?: unknown; name?: unknown }): string | undefined {
  const k = tile.key ?? tile.name;
  return typeof k === "string" && !isUnknown(k) ? k : undefined;
}

/**
 * Rules across fields and tiles, over the raw input so that they hold even where a neighbour is
 * invalid or not known yet: a tile fits the grid, its series share one type, keys are unique.
 * Values not known yet pass. Pure.
 */
export function dashboardRuleFailures(input: unknown): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const tiles = isObj(input) && Array.isArray(input.tiles) ? input.tiles : [];
  const seen = new Map<string, number>();
  tiles.forEach((tile, i) => {
    if (!isObj(tile)) return;
    const at = (...p: (string | number)[]) => formatPath(["tiles", i, ...p]);
    if (typeof tile.x === "number" && typeof tile.w === "number" && tile.x + tile.w > GRID_COLUMNS) {
      failures.push({ property: at("w"), reason: `x + w must be at most ${GRID_COLUMNS} (the grid's width); x is ${tile.x}, w is ${tile.w}` });
    }
    if (Array.isArray(tile.series)) {
      const types = tile.series.map((s) => (isObj(s) ? s.type : undefined)).filter((t): t is string => typeof t === "string" && known(t));
      const first = types[0];
      tile.series.forEach((s, j) => {
        if (isObj(s) && typeof s.type === "string" && known(s.type) && s.type !== first) {
          failures.push({ property: at("series", j, "type"), reason: `every series of a tile must have the same type: series[0] is "${first}", this one "${s.type}"` });
        }
      });
    }
    if (isUnknown(tile.key) || (tile.key === undefined && isUnknown(tile.name))) return;
    const key = tileKey(tile);
    if (key === undefined) return;
    const other = seen.get(key);
    if (other === undefined) {
      seen.set(key, i);
      return;
    }
    failures.push(
      tile.key !== undefined
        ? { property: at("key"), reason: `duplicates the key of tiles[${other}] ("${key}"): keys must be unique in a dashboard` }
        : { property: at("name"), reason: `"${key}" also identifies tiles[${other}]: tiles are matched by name unless they set a distinct \`key\`` },
    );
  });
  return failures;
}

/** A series as the API returns it: defaults filled in (`where: ""`, `groupBy: []`), maybe more. */
export const stackSeriesRecord = z
  .object({
    type: z.string(),
    dataSource: z.string(),
    aggFn: z.string().nullish(),
    field: z.string().nullish(),
    where: z.string().nullish(),
    groupBy: z.array(z.string()).nullish(),
  })
  .passthrough();

/** A tile as the API returns it, with its server-assigned id. */
export const stackTileRecord = z
  .object({
    id: z.string(),
    name: z.string(),
    x: z.number(),
    y: z.number(),
    w: z.number(),
    h: z.number(),
    asRatio: z.boolean().nullish(),
    series: z.array(stackSeriesRecord).nullish(),
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
