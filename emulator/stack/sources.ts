/**
 * Data sources (current server, API 2.36.0): list, create, read, replace and delete. A body is
 * checked against its kind's schema (`source-shape.ts`) after its views' granularities are read
 * in the short form too (`5m` as `5 minute`), then its connection must be an existing one (400
 * `{message}` otherwise); a PUT replaces the whole source, its kind too. The answer carries
 * what the server's store fills in (`disabled: false`, empty lists) and the short granularities.
 * Truth: the server's sources router, its controller and model, and their tests.
 */
import { z } from "zod";
import { badRequest, notFound } from "../http/errors";
import { LISTED_KINDS, sourceBodySchema, type SourceInput } from "./source-shape";
import { documentId, type StackStore } from "./store";
import type { StoredSource } from "./records";
import { isObjectId } from "./tile-config-shape";

type Json = Record<string, unknown>;

const SHORT_UNITS: Record<string, string> = { s: "second", m: "minute", h: "hour", d: "day" };
const LONG_UNITS: Record<string, string> = { second: "s", minute: "m", hour: "h", day: "d" };

/** `5m` as `5 minute`; anything else as it is. */
export function internalGranularity(value: string): string {
  const m = /^(\d+)(s|m|h|d)$/.exec(value);
  return m ? `${m[1]} ${SHORT_UNITS[m[2]]}` : value;
}

/** `5 minute` as `5m`; anything else as it is. */
export function externalGranularity(value: string): string {
  const m = /^(\d+) (second|minute|hour|day)$/.exec(value);
  return m ? `${m[1]}${LONG_UNITS[m[2]]}` : value;
}

const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** A copy of `source` whose views' granularities went through `map`. */
function mapGranularities<T>(source: T, map: (value: string) => string): T {
  if (!isJson(source)) return source;
  const copy: Json = { ...source };
  if (Array.isArray(copy.materializedViews))
    copy.materializedViews = copy.materializedViews.map((v: unknown) =>
      isJson(v) && typeof v.minGranularity === "string" ? { ...v, minGranularity: map(v.minGranularity) } : v,
    );
  const meta = copy.metadataMaterializedViews;
  if (isJson(meta) && typeof meta.granularity === "string") copy.metadataMaterializedViews = { ...meta, granularity: map(meta.granularity) };
  return copy as T;
}

/** POST and PUT of a source: the short granularities read as the internal ones, then the kind's schema. */
export const sourceSchema = z.preprocess((body) => mapGranularities(body, internalGranularity), sourceBodySchema);

/** The connection a source names must be one of the stack's (the server checks after the schema). */
function checkConnection(store: StackStore, connection: string): void {
  if (!isObjectId(connection)) throw badRequest("connection must be a valid connection id");
  if (!store.connections.has(connection)) throw badRequest("connection must be an existing connection id");
}

/** The source as stored and answered: what the store fills in, the schema's key order, short granularities. */
function sourceOf(id: string, input: SourceInput): StoredSource {
  const lists = LISTED_KINDS.has(input.kind) ? { highlightedTraceAttributeExpressions: [], highlightedRowAttributeExpressions: [], materializedViews: [] } : {};
  const ordered = sourceBodySchema.parse({ disabled: false, querySettings: [], ...lists, ...input });
  return { id, ...mapGranularities(ordered, externalGranularity) };
}

/** Every source, oldest first. */
export function allSources(store: StackStore): StoredSource[] {
  return [...store.sources.values()];
}

/** A source, or the server's 404. */
export function getSource(store: StackStore, id: string): StoredSource {
  const found = store.sources.get(id);
  if (!found) throw notFound("Source not found");
  return found;
}

/** Creates a source on an existing connection. */
export function createSource(store: StackStore, input: SourceInput): StoredSource {
  checkConnection(store, input.connection);
  const source = sourceOf(documentId(), input);
  store.sources.set(source.id, source);
  return source;
}

/** Replaces a source whole (its kind may change); the connection is checked before the source is looked up, as on the server. */
export function replaceSource(store: StackStore, id: string, input: SourceInput): StoredSource {
  checkConnection(store, input.connection);
  getSource(store, id);
  const source = sourceOf(id, input);
  store.sources.set(id, source);
  return source;
}

/** Deletes a source (what names it is not checked, as on the server). */
export function deleteSource(store: StackStore, id: string): void {
  getSource(store, id);
  store.sources.delete(id);
}
