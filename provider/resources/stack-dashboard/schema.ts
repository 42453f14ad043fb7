import { knownRepeats } from "../../schemas/known-repeats";
import { z } from "zod";
import { formatPath, type CheckFailure } from "../../schemas/check-failures";
import { stackObject } from "../../schemas/stack-target";
import { isUnknown } from "../../schemas/unknown";
import { AGG_FNS, metricType, numberFormat, tileConfig, whereLanguage } from "./config";
import { stackContainer, stackFilter, stackSavedFilterValue } from "./extras";
import { filterNameFailures, tileFormFailures } from "./rules";
import { isObj, type Obj } from "../../schemas/plain-object";

/** Width of the dashboard grid, in columns. */
const GRID_COLUMNS = 24;

const text = z.string().min(1, "must not be empty");
const int = z.number().int("must be an integer");

/** One query of a tile (the series form; current servers read it back as `config`). */
export const stackSeries = z
  .object({
    /** Chart type: `time`, `table`, `number`, `search`, `markdown`. Every series of a tile has the same type. */
    type: text,
    /** What is queried on a 2.0.0 server: `events`, `metrics`. Current servers take `sourceId` instead; set both to serve either. */
    dataSource: text.optional(),
    /** The source queried on a current server (an id from `getStackSources`). */
    sourceId: text.optional(),
    /** Aggregation, e.g. `count`, `avg`, `sum` (time, table and number series). */
    aggFn: z.enum(AGG_FNS).optional(),
    /** Quantile level, 0-1, with `aggFn: "quantile"`. */
    level: z.number().min(0, "must be at least 0").max(1, "must be at most 1").optional(),
    /** Attribute the aggregation reads (not needed for `count`; `""` is none, as the server takes it). */
    field: z.string().optional(),
    /** Name shown for the series. */
    alias: z.string().optional(),
    /** Query expression filtering what is counted. @default "" */
    where: z.string().optional(),
    /** Language of `where`: `sql` or `lucene`. @default "lucene" */
    whereLanguage: whereLanguage.optional(),
    /** Attributes to group by, at most 10. @default [] */
    groupBy: z.array(text).max(10, "must have at most 10 entries").optional(),
    /** How numbers are shown: output form, unit, decimals, separators. */
    numberFormat: numberFormat.optional(),
    /** Kind of metric read, with `dataSource: "metrics"`. */
    metricDataType: metricType.optional(),
    /** Name of the metric read, with `dataSource: "metrics"`. */
    metricName: z.string().optional(),
    /** How a time series is drawn. @default "line" */
    displayType: z.enum(["line", "stacked_bar"]).optional(),
    /** Row order of a table series. Write-only: never read back; refused where the server drops it (no `field` on a current server, any on 2.0.0). */
    sortOrder: z.enum(["desc", "asc"]).optional(),
    /** Columns of a search series. */
    fields: z.array(z.string()).optional(),
    /** Text of a markdown series. */
    content: z.string().max(100000, "must be at most 100000 characters").optional(),
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
    /** Show the two series as a ratio (series form; the `config` form says `config.asRatio`). @default false */
    asRatio: z.boolean().optional(),
    /** Queries of the tile, all of one `type`: the series form. Set this or `config`. */
    series: z.array(stackSeries).min(1, "must have at least one series").optional(),
    /** The tile in the `config` form of current servers (builder or raw SQL). Set this or `series`. */
    config: tileConfig.optional(),
    /** The dashboard container the tile sits in. */
    containerId: z.string().min(1, "must not be empty").max(256, "must be at most 256 characters").optional(),
    /** The tab of that container the tile sits in. */
    tabId: z.string().min(1, "must not be empty").max(256, "must be at most 256 characters").optional(),
  })
  .strict();

/** A dashboard as the program describes it. */
export const stackDashboardSpec = stackObject({
  /** Dashboard name, up to 1024 characters. @default the resource name */
  name: text.max(1024, "must be at most 1024 characters"),
  /** Every tile, at most 500. The list is the whole dashboard: a tile left out is removed. */
  tiles: z.array(stackTile).max(500, "must have at most 500 tiles"),
  /** Up to 50 tags of at most 32 characters; duplicates are dropped. @default [] */
  tags: z.array(text.max(32, "must be at most 32 characters")).max(50, "must have at most 50 tags").optional(),
  /** Dashboard-wide filters (current servers). The server gives each an `id`, carried by name. @default [] */
  filters: z.array(stackFilter).optional(),
  /** Query applied to every tile (current servers). */
  savedQuery: z.string().nullable().optional(),
  /** Language of `savedQuery`. @default "lucene" when `savedQuery` is set */
  savedQueryLanguage: whereLanguage.optional(),
  /** Filter values the dashboard opens with, as SQL conditions (current servers). @default [] */
  savedFilterValues: z.array(stackSavedFilterValue).optional(),
  /** Collapsible groups and tabs that tiles name by `containerId` / `tabId` (current servers). @default [] */
  containers: z.array(stackContainer).max(50, "must have at most 50 containers").optional(),
});

export type StackSeries = z.output<typeof stackSeries>;
export type StackTileInput = z.input<typeof stackTile>;
export type StackDashboardInput = z.input<typeof stackDashboardSpec>;

/** What a stored tile holds beyond the program's tile. */
const storedTileFields = {
  /** The tile's id on the server: what an alert's `tileId` names. */
  id: z.string(),
  /** The tile's key (its `key`, else its `name`). */
  key: z.string(),
};

/** The zod type of {@link stackTileOutput}, named so that declaration files refer to it instead of spelling out every tile field again. */
export type StackTileOutputSchema = z.ZodObject<z.objectUtil.extendShape<(typeof stackTile)["shape"], typeof storedTileFields>, "strict">;

/** A tile as the outputs hold it: the program's fields, its key always set, plus the server's id. */
export const stackTileOutput: StackTileOutputSchema = stackTile.extend(storedTileFields);

/** A tile as the API returns it: the program's fields plus the server's id. */
export type StackTileOutput = z.output<typeof stackTileOutput>;

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
  const failures: CheckFailure[] = isObj(input) ? filterNameFailures(input.filters) : [];
  const tiles = isObj(input) && Array.isArray(input.tiles) ? input.tiles : [];
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
          failures.push({
            property: at("series", j, "type"),
            reason: `every series of a tile must have the same type: series[0] is "${first}", this one "${s.type}"`,
          });
        }
      });
    }
    failures.push(...tileFormFailures(tile, at, isObj(input) ? input.containers : undefined));
  });
  const keyOf = (tile: unknown) => (isObj(tile) ? (tile.key ?? tile.name) : undefined);
  for (const { at, first } of knownRepeats(tiles as unknown[], keyOf)) {
    const tile = tiles[at] as Obj;
    const key = String(keyOf(tile));
    failures.push(
      tile.key !== undefined
        ? { property: formatPath(["tiles", at, "key"]), reason: `duplicates the key of tiles[${first}] ("${key}"): keys must be unique in a dashboard` }
        : {
            property: formatPath(["tiles", at, "name"]),
            reason: `"${key}" also identifies tiles[${first}]: tiles are matched by name unless they set a distinct \`key\``,
          },
    );
  }
  return failures;
}
