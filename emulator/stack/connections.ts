/**
 * Database connections (current server, API 2.36.0): list, create, read, update and delete.
 * The password is write-only: kept in the store, never answered (nor in the control dump); an
 * update that leaves it out or sends it empty keeps the stored one. The setting prefix is
 * cleared by an update that sends it empty or null and kept when left out. A connection still
 * named by sources can be deleted: they keep its id. Truth: the server's connections router,
 * its controller and its tests.
 */
import { z } from "zod";
import { plainNotFound } from "./answer";
import { documentId, type StackStore } from "./store";
import type { StoredConnection } from "./records";

/** The setting prefix the server takes: letters, digits and underscores. */
const settingPrefix = z.string().regex(/^[a-z0-9_]+$/i);

/** POST of a connection (the server's connection schema without its id; other keys dropped). */
export const connectionCreateSchema = z.object({
  name: z.string(),
  host: z.string(),
  username: z.string(),
  password: z.string().optional(),
  hyperdxSettingPrefix: settingPrefix.optional().nullable(),
  isPrometheusEndpoint: z.boolean().optional(),
});

/** PUT of a connection: as POST, and an empty prefix clears it. */
export const connectionUpdateSchema = connectionCreateSchema.extend({
  hyperdxSettingPrefix: settingPrefix.or(z.literal("")).optional().nullable(),
});
export type ConnectionInput = z.output<typeof connectionUpdateSchema>;

/** The connection as the server answers it, in its schema's key order: never the password. */
export function connectionView(c: StoredConnection): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    host: c.host,
    username: c.username,
    ...(c.hyperdxSettingPrefix !== undefined ? { hyperdxSettingPrefix: c.hyperdxSettingPrefix } : {}),
    ...(c.isPrometheusEndpoint !== undefined ? { isPrometheusEndpoint: c.isPrometheusEndpoint } : {}),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** Every connection, oldest first. */
export function allConnections(store: StackStore): StoredConnection[] {
  return [...store.connections.values()];
}

/** A connection, or the server's plain `404 Not Found` (its `sendStatus(404)`). */
export function getConnection(store: StackStore, id: string): StoredConnection {
  const found = store.connections.get(id);
  if (!found) throw plainNotFound();
  return found;
}

/** Creates a connection; no password is an empty one. */
export function createConnection(store: StackStore, input: z.output<typeof connectionCreateSchema>, now: string): StoredConnection {
  const connection: StoredConnection = {
    id: documentId(),
    name: input.name,
    host: input.host,
    username: input.username,
    password: input.password ?? "",
    ...(input.hyperdxSettingPrefix ? { hyperdxSettingPrefix: input.hyperdxSettingPrefix } : {}),
    ...(input.isPrometheusEndpoint !== undefined ? { isPrometheusEndpoint: input.isPrometheusEndpoint } : {}),
    createdAt: now,
    updatedAt: now,
  };
  store.connections.set(connection.id, connection);
  return connection;
}

/**
 * Updates a connection as the server's `$set` does: the fields sent replace the stored ones, a
 * field left out stays; an empty or absent password keeps the stored one; an empty or null
 * prefix is removed.
 */
export function updateConnection(store: StackStore, id: string, input: ConnectionInput, now: string): StoredConnection {
  const current = getConnection(store, id);
  const { hyperdxSettingPrefix: prefix, password, isPrometheusEndpoint, ...named } = input;
  const next: StoredConnection = { ...current, ...named, password: password ? password : current.password, updatedAt: now };
  if (isPrometheusEndpoint !== undefined) next.isPrometheusEndpoint = isPrometheusEndpoint;
  if (prefix) next.hyperdxSettingPrefix = prefix;
  else if (prefix === null || prefix === "") delete next.hyperdxSettingPrefix;
  store.connections.set(id, next);
  return next;
}

/** Deletes a connection, whether or not sources still name it (they keep the dangling id). */
export function deleteConnection(store: StackStore, id: string): void {
  getConnection(store, id);
  store.connections.delete(id);
}

/** Whether a connection's stored password is `candidate` (the control API's check; absent reads as empty). */
export function passwordIs(connection: StoredConnection, candidate: string): boolean {
  return (connection.password ?? "") === candidate;
}
