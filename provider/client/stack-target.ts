import { required, type Settings } from "../config";
import { ApiClient } from "./client";
import { retryPolicyFrom } from "./retry";
import { cloudService, serviceRef } from "./cloud";
import { path } from "./paths";
import { stackServerSurface } from "./surface";

/** What a resource may name to choose its stack (the non-secret parts only). */
export interface StackTargetOverrides {
  stackUrl?: string;
  organizationId?: string;
  serviceId?: string;
}

/** Which stack, without credentials: pure, safe to keep in state and to compare. */
type StackTargetRef = { kind: "server"; stackUrl: string; key: string } | { kind: "cloud"; organizationId: string; serviceId: string; key: string };

/** A client for one stack and the path below which its `dashboards`, `alerts` and `sources` live. */
export interface StackTarget {
  client: ApiClient;
  /** Path below the client's base URL: `""` on the server, `/v1/.../services/{svc}/stack` on the cloud. */
  basePath: string;
  kind: "cloud" | "server";
  /** Identity of the target: `server:<url>` or `cloud:<org>/<svc>`. Another key is another stack. */
  key: string;
}

/** `https://x/api/v2/` -> `https://x`: the base URL as the settings document it. */
export function stackBaseUrl(url: string): string {
  return url.replace(/\/+$/, "").replace(/\/api\/v2$/, "");
}

/**
 * Chooses the stack, in this order: a resource's own `stackUrl`; a resource's own
 * `organizationId` / `serviceId` (the cloud proxy); `pipestack:stackUrl`; the configured cloud
 * service. Throws naming both ways to set a missing setting. Pure.
 */
export function stackTargetRef(settings: Settings, overrides: StackTargetOverrides = {}): StackTargetRef {
  const own = overrides.organizationId !== undefined || overrides.serviceId !== undefined;
  const url = overrides.stackUrl ?? (own ? undefined : settings.stackUrl);
  if (url !== undefined) {
    const stackUrl = stackBaseUrl(url);
    return { kind: "server", stackUrl, key: `server:${stackUrl}` };
  }
  const ref = serviceRef(settings, overrides);
  return { kind: "cloud", ...ref, key: `cloud:${ref.organizationId}/${ref.serviceId}` };
}

/** A client for the stack a resource names (see {@link stackTargetRef}); credentials from settings. */
export function openStackTarget(settings: Settings, overrides: StackTargetOverrides = {}): StackTarget {
  const ref = stackTargetRef(settings, overrides);
  if (ref.kind === "cloud") {
    const svc = cloudService(settings, ref);
    return { client: svc.client, basePath: `${svc.basePath}${path("stack")}`, kind: "cloud", key: ref.key };
  }
  const token = required(settings, "stackToken", `the access key of the stack server at ${ref.stackUrl}`);
  const retry = retryPolicyFrom(settings);
  const client = new ApiClient({
    surface: stackServerSurface(ref.stackUrl, token),
    retry,
    requestTimeoutMs: settings.requestTimeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
  });
  return { client, basePath: "", kind: "server", key: ref.key };
}
