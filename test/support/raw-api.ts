/**
 * Calls the emulator's API as a user with the credentials would, behind the provider's back
 * (changes made outside Pulumi, objects to adopt, the emulator's own tests).
 */
import type { Emulator } from "../../emulator";
import { basic, send, type Answer } from "./http";

/** `cloud`: a service's API; `stack-cloud`: its stack proxy; `stack-server`: the open-source stack server. */
export type Surface = "cloud" | "stack-cloud" | "stack-server";

function urlOf(emulator: Emulator, surface: Surface, path: string, serviceId = emulator.options.serviceId): string {
  const service = `${emulator.url}/v1/organizations/${emulator.options.organizationId}/services/${serviceId}`;
  if (surface === "stack-server") return `${emulator.url}/api/v2${path}`;
  return surface === "stack-cloud" ? `${service}/stack${path}` : `${service}${path}`;
}

function authorization(emulator: Emulator, surface: Surface): string {
  const { keyId, keySecret, stackToken } = emulator.options;
  return surface === "stack-server" ? `Bearer ${stackToken}` : basic(keyId, keySecret);
}

/** One request; the answer as it came. */
export function rawCall(emulator: Emulator, surface: Surface, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: authorization(emulator, surface) };
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(urlOf(emulator, surface, path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** One request that must succeed; its payload, out of the surface's envelope. */
export async function rawJson(emulator: Emulator, surface: Surface, method: string, path: string, body?: unknown): Promise<any> {
  const res = await rawCall(emulator, surface, method, path, body);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  if (!text) return undefined;
  const json = JSON.parse(text) as { result?: unknown; data?: unknown };
  return surface === "stack-server" ? json.data : json.result;
}

/** A cloud API client bound to one service of the emulator; its answers whatever their status. */
export function cloud(emulator: Emulator, serviceId = emulator.options.serviceId) {
  const base = urlOf(emulator, "cloud", "", serviceId);
  const auth = { authorization: authorization(emulator, "cloud") };
  return {
    base,
    call: (method: string, path: string, body?: unknown): Promise<Answer> => send(`${base}${path}`, method, body, auth),
  };
}

/** A client of the open-source stack server's `/api/v2`; its answers whatever their status. */
export function apiV2(emulator: Emulator) {
  const auth = { authorization: authorization(emulator, "stack-server") };
  return { call: (method: string, path: string, body?: unknown): Promise<Answer> => send(urlOf(emulator, "stack-server", path), method, body, auth) };
}
