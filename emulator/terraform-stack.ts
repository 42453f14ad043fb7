/**
 * The stack objects of a Terraform state (`--from-terraform-state`): dashboards, alerts, saved
 * searches, webhooks, connections and sources of the peer provider, loaded WITH THEIR IDS (and a
 * dashboard's tiles with the ids the server gave them), so a move from Terraform rehearses on
 * objects that have the state's ids. Read on the emulator's own terms: each is known by the
 * attributes the peer's schema gives it, its body is the API's fields in camelCase, and it passes
 * the same schema and checks as a create request (a body the server would refuse stops the start,
 * naming it). The state does not name the stack (the provider block does): they are loaded in the
 * default service's (each service has a stack behind the cloud proxy), as the peer's cloud
 * settings name a service.
 */
import type { JsonObject } from "./http/body";
import { ApiFailure } from "./http/errors";
import { createCurrent, type CreatedCollection } from "./stack/operations-current";
import type { StackStore } from "./stack/store";
import { quoted } from "./printable";

/** One managed object of a state: its address (for messages) and attributes. */
export interface StackStateObject {
  address: string;
  attributes: JsonObject;
}

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const has = (a: JsonObject, ...keys: string[]) => keys.every((k) => k in a);

/**
 * Which collection an object of the state is, by the attributes the peer's schema writes (null or
 * not) for each: a dashboard's JSON body, an alert's threshold and channel, a saved search's source
 * and query language, a webhook's version counters of its write-only maps, a source's connection
 * and timestamp, a connection's host and user. Undefined for any other object. Pure.
 */
export function stackCollectionOf(a: JsonObject): CreatedCollection | undefined {
  if (has(a, "dashboard_json")) return "dashboards";
  if (has(a, "threshold_type", "channel", "interval")) return "alerts";
  if (has(a, "source_id", "where_language")) return "savedSearches";
  if (has(a, "service", "url", "headers_version")) return "webhooks";
  if (has(a, "connection_id", "timestamp_value_expression", "kind")) return "sources";
  if (has(a, "host", "username", "name") && !has(a, "source")) return "connections";
  return undefined;
}

/** The order they are made in: what an object names exists before it. */
const ORDER: readonly CreatedCollection[] = ["connections", "sources", "webhooks", "savedSearches", "dashboards", "alerts"];

/** `timestamp_value_expression` as the API names it. Pure. */
const camel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A Terraform value as the API's: keys in camelCase, nulls and empty objects dropped (Terraform writes every attribute). Pure. */
function apiFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(apiFields);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null) continue;
    const converted = apiFields(v);
    if (isObject(converted) && Object.keys(converted).length === 0) continue;
    out[camel(key)] = converted;
  }
  return out;
}

/** The attributes that are Terraform's (ids, the team, version counters, the server's copy of a body), never a create's. */
const NOT_SENT = ["id", "team", "headers_version", "query_params_version", "normalized_json", "dashboard_json"];

function parsed(text: unknown, what: string): unknown {
  try {
    return JSON.parse(String(text));
  } catch (err) {
    throw new Error(`${what} is not JSON: ${(err as Error).message}`);
  }
}

/** The create body of an object of `key`, from its attributes. Pure; throws on a JSON attribute that is not JSON. */
export function stackBody(key: CreatedCollection, a: JsonObject): JsonObject {
  const fields = apiFields(Object.fromEntries(Object.entries(a).filter(([k]) => !NOT_SENT.includes(k)))) as JsonObject;
  switch (key) {
    case "dashboards": {
      // The server's copy holds the tile ids it gave; the program's is what was written.
      const { id: _id, ...body } = parsed(a.normalized_json ?? a.dashboard_json, a.normalized_json ? "normalized_json" : "dashboard_json") as JsonObject;
      return body;
    }
    case "alerts":
      // The peer's alerts watch a saved search.
      return { source: "saved_search", ...fields };
    case "savedSearches":
      return typeof a.filters === "string" ? { ...fields, filters: parsed(a.filters, "filters") } : fields;
    case "sources": {
      const { connectionId, ...rest } = fields;
      return { ...rest, connection: connectionId };
    }
    case "webhooks":
    case "connections":
      return fields;
    default:
      return key satisfies never;
  }
}

/** The tile ids a dashboard's body names, in order (the server's copy has them). */
const tileIds = (body: JsonObject): (string | undefined)[] =>
  (Array.isArray(body.tiles) ? body.tiles : []).map((t) => (isObject(t) && typeof t.id === "string" ? t.id : undefined));

/** Makes one object in `stack` as a create would, then gives it (and its tiles) the state's ids. */
function seedOne(stack: StackStore, key: CreatedCollection, id: string, body: JsonObject, now: string): void {
  const made = createCurrent(stack, key, structuredClone(body), now);
  const map = stack[key] as Map<string, { id: string }>;
  map.delete(made.id);
  made.id = id;
  map.set(id, made);
  if (key === "dashboards") {
    const ids = tileIds(body);
    (made as unknown as { tiles: { id: string }[] }).tiles.forEach((t, i) => (t.id = ids[i] ?? t.id));
  }
}

/** The stack objects of `objects`, each with its collection, in the order they are made. */
export function stackObjects(objects: readonly StackStateObject[]): { obj: StackStateObject; key: CreatedCollection }[] {
  const found = objects.flatMap((obj) => {
    const key = stackCollectionOf(obj.attributes);
    return key === undefined ? [] : [{ obj, key }];
  });
  return ORDER.flatMap((key) => found.filter((f) => f.key === key));
}

/**
 * Loads the state's stack objects into `stack` with the state's ids; returns how many.
 * Throws, naming the object, on an id that is no ObjectId, an object of another team, one id at
 * two addresses, or a body a create would refuse (with the server's message).
 */
export function seedStackObjects(stack: StackStore, objects: readonly StackStateObject[], now: string): number {
  const ordered = stackObjects(objects);
  const seen = new Map<string, string>();
  for (const { obj, key } of ordered) {
    const id = String(obj.attributes.id);
    if (!/^[0-9a-f]{24}$/.test(id)) throw new Error(`${quoted(obj.address)}: id ${quoted(id)} is not the stack's id (24 hexadecimal digits)`);
    if (obj.attributes.team !== null && obj.attributes.team !== undefined && obj.attributes.team !== "") {
      throw new Error(
        `${quoted(obj.address)}: is in team ${quoted(typeof obj.attributes.team === "string" ? obj.attributes.team : JSON.stringify(obj.attributes.team))}; the emulator's stack has one team`,
      );
    }
    const first = seen.get(`${key}\n${id}`);
    if (first !== undefined) throw new Error(`names one of the stack's ${key} (${id}) at two addresses, ${quoted(first)} and ${quoted(obj.address)}`);
    seen.set(`${key}\n${id}`, obj.address);
    let body: JsonObject;
    try {
      body = stackBody(key, obj.attributes);
      seedOne(stack, key, id, body, now);
    } catch (err) {
      const why = err instanceof ApiFailure ? `${err.status} ${err.message}` : (err as Error).message;
      throw new Error(`${quoted(obj.address)}: not one of the stack's ${key} the server would take: ${why}`);
    }
  }
  return ordered.length;
}
