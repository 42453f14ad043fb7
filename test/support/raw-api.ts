/**
 * The one raw API client of the tests: calls the emulator as a user with the credentials would,
 * behind the provider's back (changes made outside Pulumi, objects to adopt).
 */
import type { Emulator } from "../../emulator";

/** `cloud`: a service's API; `stack-cloud`: its stack proxy; `stack-server`: the open-source stack server. */
export type Surface = "cloud" | "stack-cloud" | "stack-server";

function urlOf(emulator: Emulator, surface: Surface, path: string): string {
  const { organizationId, serviceId } = emulator.options;
  const service = `${emulator.url}/v1/organizations/${organizationId}/services/${serviceId}`;
  if (surface === "stack-server") return `${emulator.url}/api/v2${path}`;
  return surface === "stack-cloud" ? `${service}/stack${path}` : `${service}${path}`;
}

function authorization(emulator: Emulator, surface: Surface): string {
  const { keyId, keySecret, stackToken } = emulator.options;
  return surface === "stack-server" ? `Bearer ${stackToken}` : `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
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
