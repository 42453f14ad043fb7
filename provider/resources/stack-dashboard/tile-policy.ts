import type { FieldPolicy, VariantsPolicy } from "../../schemas/field-policy";
import { put, type StackPatch } from "../../schemas/stack-target";
import type { StackTileInput } from "./schema";
import type { TileConfigInput } from "./config";

/**
 * A tile's fields, and its `config` by display type: each variant names the fields of the
 * builder and raw SQL forms of that display type. The PUT sends the whole tile list, so every
 * field changes in place (tiles are compared tile by tile, by key: see `./diff.ts`). A display
 * type the `config` union gains does not compile until it is declared here, and then until
 * {@link TILE_CARRIES_ALERTS} says whether it can carry alerts.
 */

// Fields several display types share, grouped as the schema (`./config.ts`) groups them.
const queried = { sourceId: put } as const;
const grouped = { groupBy: put } as const;
const formatted = { numberFormat: put } as const;
const withFormulas = { formulas: put } as const;
const operands = { showOperandSeries: put } as const;
const overTime = { alignDateRangeToGranularity: put, fillNulls: put, seriesLimit: put } as const;
const lineOnly = { compareToPreviousPeriod: put, fitYAxisToData: put } as const;
const textQuery = { ...queried, where: put, whereLanguage: put } as const;
/** The raw SQL form's own fields (`configType: "sql"`). */
const raw = { configType: put, connectionId: put, sqlTemplate: put, ...queried, ...formatted } as const;
const charted = {
  displayType: put,
  ...queried,
  select: put,
  ...grouped,
  asRatio: put,
  ...overTime,
  ...formatted,
  ...withFormulas,
  ...operands,
  ...raw,
} as const;
const categorical = { displayType: put, ...queried, select: put, ...grouped, orderBy: put, ...formatted, limit: put, ...raw } as const;

/** The `config` of a tile, by `displayType`. */
const tileConfigPolicy = {
  discriminator: "displayType",
  variants: {
    line: { fields: { ...charted, ...lineOnly } },
    stacked_bar: { fields: charted },
    table: {
      fields: {
        displayType: put,
        ...queried,
        select: put,
        ...grouped,
        having: put,
        orderBy: put,
        asRatio: put,
        groupByColumnsOnLeft: put,
        onClick: put,
        ...withFormulas,
        ...operands,
        ...raw,
      },
    },
    number: { fields: { displayType: put, select: put, ...withFormulas, color: put, colorRules: put, backgroundChart: put, ...raw } },
    pie: { fields: categorical },
    bar: { fields: categorical },
    heatmap: { fields: { displayType: put, ...textQuery, select: put, ...formatted } },
    markdown: { fields: { displayType: put, markdown: put } },
    search: { fields: { displayType: put, ...textQuery, select: put } },
    event_patterns: { fields: { displayType: put, ...textQuery, select: put } },
  },
} as const satisfies VariantsPolicy<TileConfigInput, StackPatch>;

/** A tile: its fields, its `config` by display type. */
export const tilePolicy = {
  fields: {
    name: put,
    // The program's identity of a tile: the server does not know keys.
    key: { ...put, sent: "never" },
    x: put,
    y: put,
    w: put,
    h: put,
    asRatio: put,
    series: put,
    config: { ...put, ...tileConfigPolicy },
    containerId: put,
    tabId: put,
  },
} as const satisfies { fields: FieldPolicy<StackTileInput, StackPatch> };

/** A tile's display type: a variant of its `config`. */
export type TileDisplayType = keyof typeof tileConfigPolicy.variants;

/**
 * Whether a tile of each display type can carry alerts (notes: "Current shapes"); the server
 * deletes an alert on any other at the next dashboard PUT. One entry per variant of the policy.
 */
export const TILE_CARRIES_ALERTS = {
  line: true,
  stacked_bar: true,
  number: true,
  table: false,
  pie: false,
  bar: false,
  heatmap: false,
  markdown: false,
  search: false,
  event_patterns: false,
} as const satisfies Record<TileDisplayType, boolean>;
