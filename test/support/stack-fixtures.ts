/**
 * Inputs of valid dashboards and alerts that stack tests vary, and engine settings for them.
 * No assertions live here.
 */
export { configureWith } from "./engine";

export const ORG = "00000000-0000-4000-8000-000000000001";
export const SVC = "00000000-0000-4000-8000-000000000002";

export function series(over: Record<string, unknown> = {}): Record<string, any> {
  return { type: "time", dataSource: "events", aggFn: "count", ...over };
}

export function tile(name: string, over: Record<string, unknown> = {}): Record<string, any> {
  return { name, x: 0, y: 0, w: 6, h: 3, series: [series()], ...over };
}

/** A builder tile's `config` (a line of counts) on `sourceId`. */
export function cfg(over: Record<string, unknown> = {}, sourceId = "65f0c0de0000000000000001"): Record<string, any> {
  return { displayType: "line", sourceId, select: [{ aggFn: "count" }], ...over };
}

/** A dashboard filter on `sourceId`. */
export function filter(over: Record<string, unknown> = {}, sourceId = "65f0c0de0000000000000001"): Record<string, any> {
  return { type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId, ...over };
}

/** Two tiles side by side, one tag. */
export function dashboardInputs(over: Record<string, unknown> = {}): Record<string, any> {
  return {
    name: "checkout",
    tiles: [tile("Errors"), tile("Latency", { x: 6, series: [series({ aggFn: "avg", field: "duration" })] })],
    tags: ["team-a"],
    ...over,
  };
}

/**
 * `program` with `sourceId` beside every series' `dataSource`: a program both generations take
 * (a 2.0.0 server reads `dataSource`, a current one `sourceId`; each drops the other).
 */
export function withSourceId(program: Record<string, any>, sourceId: string): Record<string, any> {
  return { ...program, tiles: (program.tiles ?? []).map((t: Record<string, any>) => tileWithSourceId(t, sourceId)) };
}

/** A series-form tile with `sourceId` beside each series' `dataSource` (see {@link withSourceId}). */
function tileWithSourceId(t: Record<string, any>, sourceId: string): Record<string, any> {
  return t.series ? { ...t, series: t.series.map((s: Record<string, any>) => ({ ...s, sourceId })) } : t;
}

/** What a stack holds that valid programs must name: a source of it, and a webhook of it. */
export interface StackIds {
  sourceId: string;
  webhookId: string;
}

/**
 * The fixtures above as both generations take them: every series names `ids.sourceId` beside
 * its `dataSource`, and alerts go to the stack's webhook (a current server refuses a source or a
 * channel it does not hold; a 2.0.0 server drops `sourceId` and does not check channels).
 */
export function fixturesFor(ids: StackIds) {
  return {
    series: (over: Record<string, unknown> = {}) => series({ sourceId: ids.sourceId, ...over }),
    tile: (name: string, over: Record<string, unknown> = {}) => tileWithSourceId(tile(name, over), ids.sourceId),
    dashboardInputs: (over: Record<string, unknown> = {}) => withSourceId(dashboardInputs(over), ids.sourceId),
    alertInputs: (over: Record<string, unknown> = {}) => alertInputs({ channel: { type: "webhook", webhookId: ids.webhookId }, ...over }),
  };
}

/** A tile alert on `dashboardId` / `tileId`. */
export function alertInputs(over: Record<string, unknown> = {}): Record<string, any> {
  return {
    name: "errors-high",
    threshold: 10,
    interval: "5m",
    thresholdType: "above",
    source: "tile",
    channel: { type: "webhook", webhookId: "6a0000000000000000000001" },
    dashboardId: "d0000000000000000000001",
    tileId: "t0000000000000000000001",
    ...over,
  };
}

/** Settings of a cloud target (no server configured). */
export const cloudConfig = { apiUrl: "http://127.0.0.1:9", keyId: "id", keySecret: "cloud-secret-unit", organizationId: ORG, serviceId: SVC };
