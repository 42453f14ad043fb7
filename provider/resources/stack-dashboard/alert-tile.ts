import type { StackTarget } from "../../client/stack-target";
import { TILE_CARRIES_ALERTS } from "./tile-policy";
import { orGone } from "../../engine/gone";
import { answerFor } from "../../engine/parse-answer";
import { stackUrl, stackWhereabouts } from "../../engine/stack/api";
import { dashboards } from "./api";
import { sharedObject, writtenObject } from "../../engine/shared-list";
import { isObj, type Obj } from "../../schemas/plain-object";
import { InvalidArgumentError } from "../../errors/operation-errors";
import { learnt } from "../../engine/stack/generation";
import { dashboardGeneration } from "./generation";
import { plannedFor, removalsOf } from "./planned-tiles";
import { UNKNOWN, isUnknown } from "../../schemas/unknown";
import { shownId } from "../../errors/printable";

/**
 * The dashboard's face to the alerts that watch its tiles: the one file of the dashboard kind the
 * alert kind imports (the layer rules hold it so). The dashboard owns the link: it finds an alert's
 * tile, says why an alert on a tile is gone, and refuses an alert kept on a tile it takes out; the
 * alert kind only calls these, and nothing of the dashboard imports the alert kind.
 */

/** The dashboard as an answer showed it, its generation remembered: the alert's body needs it, and needs no probe then. */
function seen<D>(t: StackTarget, dashboard: D): D {
  const generation = dashboardGeneration(dashboard);
  if (generation !== undefined) learnt(t, generation);
  return dashboard;
}

/** `dashboard` (an answer) without the tiles of ids `ids`. Pure. */
function withoutTiles(dashboard: unknown, ids: ReadonlySet<string>): unknown {
  if (ids.size === 0 || !isObj(dashboard) || !Array.isArray(dashboard.tiles)) return dashboard;
  return { ...dashboard, tiles: dashboard.tiles.filter((t) => !(isObj(t) && typeof t.id === "string" && ids.has(t.id))) };
}

/** What the server does to an alert whose tile leaves its dashboard: said wherever that explains a failure or a loss. */
export const REMOVED_TILE_RULE = "a tile removed from its dashboard takes its alerts with it: the server deletes them at that dashboard update";

/** The tile kinds that can carry alerts: said per display type by the dashboard's tile policy. */
const ALERTABLE_TILE_KINDS: readonly string[] = Object.entries(TILE_CARRIES_ALERTS)
  .filter(([, carries]) => carries)
  .map(([kind]) => kind);

/**
 * A tile's kind as the server judges it for alerts: the `config` form's `displayType`; in the
 * series form a `time` series is a `line` (or its `displayType`), other series types as named.
 * Undefined when the tile does not say. Pure.
 */
export function tileKind(tile: unknown): string | undefined {
  if (!isObj(tile)) return undefined;
  if (isObj(tile.config) && typeof tile.config.displayType === "string") return tile.config.displayType;
  const first: unknown = Array.isArray(tile.series) ? (tile.series as unknown[])[0] : undefined;
  if (!isObj(first) || typeof first.type !== "string") return undefined;
  return first.type === "time" ? (typeof first.displayType === "string" ? first.displayType : "line") : first.type;
}

/**
 * The id of the tile an alert names on a dashboard as read (`tiles` of the answer), or why it
 * cannot carry the alert, with the property path. By `tile` (its name: exactly one tile must
 * have it) or by `tileId` (an id the dashboard lacks is left to the server to refuse). Pure.
 */
export function alertTileOn(
  dashboard: unknown,
  ref: { tileId?: string; tile?: string },
  dashboardId: string,
): { id: string } | { property: string; reason: string } {
  const tiles = isObj(dashboard) && Array.isArray(dashboard.tiles) ? dashboard.tiles.filter(isObj) : [];
  let found: Obj | undefined;
  if (ref.tile !== undefined) {
    const named = tiles.filter((t) => t.name === ref.tile);
    if (named.length !== 1) {
      const names = tiles.map((t) => JSON.stringify(t.name)).join(", ") || "none";
      const why = named.length === 0 ? "has no tile named" : "has more than one tile named";
      const removed = named.length === 0 ? `; ${REMOVED_TILE_RULE}` : "";
      return {
        property: "tile",
        reason: `dashboard ${dashboardId} ${why} ${JSON.stringify(ref.tile)} (its tiles: ${names}); name one tile, or give its \`tileId\`${removed}`,
      };
    }
    found = named[0];
  } else {
    found = tiles.find((t) => t.id === ref.tileId);
    if (!found) return { id: ref.tileId ?? "" };
  }
  const kind = tileKind(found);
  if (kind !== undefined && !ALERTABLE_TILE_KINDS.includes(kind)) {
    const property = ref.tile !== undefined ? "tile" : "tileId";
    return {
      property,
      reason: `tile ${JSON.stringify(found?.name)} of dashboard ${dashboardId} is a ${kind} tile, which cannot carry alerts (only ${ALERTABLE_TILE_KINDS.join(", ")} tiles can; the server would delete the alert at the next dashboard update)`,
    };
  }
  return { id: String(found?.id) };
}

/**
 * The dashboard as the server answers it, or `undefined` when it is gone (a missing route is an
 * error): the run's one read of it, shared by every tile alert on it (their checks, diffs and
 * creates, see `../shared-list`), or with `fresh` a read of its own.
 */
export async function liveDashboard(t: StackTarget, dashboardId: string, fresh = false): Promise<unknown> {
  return (await sharedDashboard(t, dashboardId, fresh)).value;
}

/** A read of the dashboard as the server answers it, `undefined` when it is gone. */
function readDashboard(t: StackTarget, dashboardId: string): () => Promise<unknown> {
  const at = stackUrl(t, dashboards, dashboardId);
  return () =>
    orGone({
      ...stackWhereabouts(t, dashboards, dashboardId),
      get: async () => seen(t, answerFor(dashboardId, await t.client.get<unknown>(at), `GET dashboards/${dashboardId}`)),
    });
}

function sharedDashboard(t: StackTarget, dashboardId: string, fresh: boolean): Promise<{ value: unknown; fresh: boolean }> {
  return sharedObject(t.client, stackUrl(t, dashboards, dashboardId), readDashboard(t, dashboardId), fresh);
}

/**
 * Why a tile alert a read finds gone is gone, when its dashboard tells: the dashboard is gone (the
 * server deletes a dashboard's alerts with it) or the alert's tile is no longer on it (read afresh);
 * `undefined` when both are still there.
 */
export async function whyTileAlertIsGone(t: StackTarget, dashboardId: string, alert: { tileId?: unknown; tile?: unknown }): Promise<string | undefined> {
  const dashboard = await liveDashboard(t, dashboardId, true);
  if (dashboard === undefined) return `its dashboard ${shownId(dashboardId)} is gone, and the server deletes a dashboard's alerts with it`;
  const tiles = isObj(dashboard) && Array.isArray(dashboard.tiles) ? dashboard.tiles.filter(isObj) : [];
  if (tiles.some((tile) => tile.id === alert.tileId)) return undefined;
  const named = typeof alert.tile === "string" ? ` ${JSON.stringify(alert.tile)}` : "";
  return `its tile${named} (${shownId(String(alert.tileId))}) is no longer on dashboard ${shownId(dashboardId)}: ${REMOVED_TILE_RULE}`;
}

/**
 * Whether the tile an alert aims at on the dashboard as this run wrote it (`aimed`) is still that
 * tile on the dashboard as read after the write (`live`): there with the same name, and for a `tile`
 * (name) the only tile of that name. Else why not, naming the tile: the dashboard changed outside
 * mid-run, and the alert must not land on another tile. Pure.
 */
export function stillAsWritten(
  written: unknown,
  live: unknown,
  aimed: string,
  ref: { tileId?: string; tile?: string },
  dashboardId: string,
): { id: string } | { property: string; reason: string } {
  const tilesOf = (d: unknown) => (isObj(d) && Array.isArray(d.tiles) ? d.tiles.filter(isObj) : []);
  const before = tilesOf(written).find((t) => t.id === aimed);
  // An id the write did not answer is left to the server to refuse, as on a dashboard this run did not write.
  if (!before) return { id: aimed };
  const name = JSON.stringify(before.name);
  const property = ref.tile !== undefined ? "tile" : "tileId";
  const refuse = (what: string) => ({
    property,
    reason:
      `dashboard ${dashboardId} changed outside this run after this run wrote it: tile ${name} (${aimed}) ${what}; ` +
      "a tile alert aims only at the tile as this run wrote it, never at another: run `pulumi refresh`, then `pulumi up` again",
  });
  const tiles = tilesOf(live);
  const now = tiles.find((t) => t.id === aimed);
  if (!now) return refuse("is no longer on it");
  if (now.name !== before.name) return refuse(`is now named ${JSON.stringify(now.name)}`);
  const others = ref.tile === undefined ? [] : tiles.filter((t) => t.name === ref.tile && t.id !== aimed);
  if (others.length > 0) return refuse(`shares its name with tile ${others.map((t) => String(t.id)).join(", ")} now`);
  return { id: aimed };
}

/**
 * The tile `ref` names on the dashboard, from the run's read of it; read again when that read
 * cannot answer (no such dashboard or tile, or one that cannot carry alerts: it may have changed).
 * In a preview of a run that changes the dashboard, the tile is the one its diff plans to write
 * (see `planned-tiles.ts`), unless `plans` is false (a write's own resolution).
 * When this run wrote the dashboard, the tile is the one its write answered (never one a later read
 * finds instead), checked once against a read that started after the write, shared by every alert
 * on it: a dashboard changed outside since is refused, naming the tile.
 */
export async function tileOnLive(
  t: StackTarget,
  dashboardId: string,
  ref: { tileId?: string; tile?: string },
  plans = true,
): Promise<{ live: unknown; found: ReturnType<typeof alertTileOn> | undefined }> {
  const at = stackUrl(t, dashboards, dashboardId);
  // A tile this run's diff of the dashboard takes out (removed, or pending removal) is not there for an alert.
  const forAlert = (value: unknown) => withoutTiles(value, removalsOf(dashboardId));
  const written = writtenObject(t.client, at);
  if (written !== undefined) {
    seen(t, written.value);
    const aimed = alertTileOn(forAlert(written.value), ref, dashboardId);
    if ("property" in aimed) return { live: written.value, found: aimed };
    const after = await sharedObject(t.client, `${at}#read-after-write-${written.seq}`, readDashboard(t, dashboardId));
    if (after.value === undefined) return { live: undefined, found: undefined };
    return { live: after.value, found: stillAsWritten(written.value, after.value, aimed.id, ref, dashboardId) };
  }
  // A preview of a run that changes the dashboard: the tile is the one the run will write (its id
  // unknown when the write makes it), never one of the dashboard as it is before the run.
  const plan = plans ? plannedFor(dashboardId) : undefined;
  if (plan === UNKNOWN) return { live: undefined, found: { id: UNKNOWN } };
  if (plan !== undefined) return { live: { tiles: plan }, found: alertTileOn({ tiles: plan }, ref, dashboardId) };
  const shared = await sharedDashboard(t, dashboardId, false);
  let live = shared.value;
  let found = live === undefined ? undefined : alertTileOn(forAlert(live), ref, dashboardId);
  // Read again only what an earlier read said: a read this call made is as fresh as it gets.
  if (!shared.fresh && (found === undefined || "property" in found)) {
    live = await liveDashboard(t, dashboardId, true);
    found = live === undefined ? undefined : alertTileOn(forAlert(live), ref, dashboardId);
  }
  return { live, found };
}

/**
 * For a tile alert, before any write: reads its dashboard, refuses a tile that cannot carry
 * alerts (with the property path), and returns the tile's id (resolving `tile`, the name; a
 * name no tile has fails saying that a removed tile takes its alerts with it, as `check` does
 * for a `tileId` that is gone). Other sources: `undefined`.
 */
export async function resolveAlertTile(
  t: StackTarget,
  inputs: { source?: unknown; dashboardId?: unknown; tileId?: string; tile?: string },
): Promise<string | undefined> {
  if (inputs.source !== "tile" || typeof inputs.dashboardId !== "string") return inputs.tileId;
  const dashboardId = inputs.dashboardId;
  // A write resolves on the dashboard's write or a read, never on a plan (a planned tile's id may not be known).
  const { found } = await tileOnLive(t, dashboardId, { tileId: inputs.tileId, tile: inputs.tile }, false);
  if (found === undefined) throw new InvalidArgumentError(`dashboardId: there is no dashboard ${dashboardId} on ${t.key} (a tile alert needs its dashboard)`);
  if ("property" in found) throw new InvalidArgumentError(`${found.property}: ${found.reason}`);
  return found.id;
}

/**
 * The id of the tile a `tile` (name) alert watches now, as its dashboard reads: `undefined`
 * when the dashboard is gone or has no single alertable tile of that name (then the alert is
 * gone too, or will be refused). For the diff: an alert keeps its old tile id only while this
 * is it, so a tile removed under an unchanged alert shows as a change and fails the update.
 */
export async function liveTileId(t: StackTarget, dashboardId: string, tile: string): Promise<string | undefined> {
  const { found } = await tileOnLive(t, dashboardId, { tile });
  return found !== undefined && "id" in found ? found.id : undefined;
}

/**
 * Why a preview must stop, before any write, when the program keeps alert `id` on a tile its
 * dashboard's update removes: the alert was on that tile, still names the same dashboard, and its
 * `tileId` is not known yet (`board.tileIds[...]` of a dashboard being updated: a preview) or is
 * that tile's id as written (the update keeps the tile pending, but the program removed it). An
 * alert removed together with its tile is not diffed at all, so that way never stops. Pure but
 * for the run's note of removals.
 */
export function keptOnRemovedTile(
  id: string,
  olds: { source?: unknown; dashboardId?: unknown; tileId?: unknown },
  news: { dashboardId?: unknown; tileId?: unknown },
): string | undefined {
  if (olds.source !== "tile" || typeof olds.dashboardId !== "string" || typeof olds.tileId !== "string") return undefined;
  // Not known yet (a preview's `board.tileIds[...]`), or the same id given as it is.
  if (news.dashboardId !== olds.dashboardId || !(isUnknown(news.tileId) || news.tileId === olds.tileId)) return undefined;
  if (!removalsOf(olds.dashboardId).has(olds.tileId)) return undefined;
  return (
    `tileId: this run's update of dashboard ${olds.dashboardId} removes tile ${olds.tileId}, which alert ${id} watches, and ${REMOVED_TILE_RULE}; ` +
    "the program keeps the alert: remove it from the program together with the tile, or keep the tile"
  );
}
