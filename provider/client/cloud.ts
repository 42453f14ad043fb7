import { required, type Settings } from "../config";
import { ApiClient } from "./client";
import { retryPolicyFrom } from "./retry";
import { path, servicePath } from "./paths";
import { pollUntil } from "./poll";
import { FailedDependencyError, PollTimeoutError } from "../errors";
import { cloudSurface } from "./surface";
import { ServiceNotRunningError } from "../errors/operation-errors";
import { reportProgress, waited } from "../progress/report";

/** Which service of which organization a resource lives in. */
export interface ServiceRef {
  organizationId: string;
  serviceId: string;
}

/** The service a resource names, else the configured one; errors name both ways to set it. */
export function serviceRef(settings: Settings, overrides: Partial<ServiceRef> = {}): ServiceRef {
  return {
    organizationId: overrides.organizationId ?? required(settings, "organizationId"),
    serviceId: overrides.serviceId ?? required(settings, "serviceId"),
  };
}

/** A cloud API client for one service, and the path below which that service's objects live. */
export interface CloudService {
  client: ApiClient;
  ref: ServiceRef;
  /** Path below the client's base URL: `/v1/organizations/{org}/services/{svc}`. */
  basePath: string;
}

/** Wake-ups in flight, one per service: parallel resources share it. */
const waking = new Map<string, Promise<void>>();

const WAKE_LIMIT_MS = 10 * 60_000;
const WAKE_POLL_MAX_MS = 5_000;

export function cloudService(settings: Settings, ref: ServiceRef): CloudService {
  const surface = cloudSurface(required(settings, "apiUrl", "the cloud API base URL"), required(settings, "keyId"), required(settings, "keySecret"));
  const retry = retryPolicyFrom(settings);
  const plain = new ApiClient({ surface, retry, requestTimeoutMs: settings.requestTimeoutMs, maxResponseBytes: settings.maxResponseBytes });
  const basePath = servicePath(ref.organizationId, ref.serviceId);

  const wake = (err: FailedDependencyError): Promise<void> => {
    let p = waking.get(basePath);
    if (!p) {
      p = wakeService(plain, basePath, settings.pollIntervalMs, err).finally(() => waking.delete(basePath));
      waking.set(basePath, p);
    }
    return p;
  };
  const client = new ApiClient({ surface, retry, requestTimeoutMs: settings.requestTimeoutMs, maxResponseBytes: settings.maxResponseBytes, wake });
  return { client, ref, basePath };
}

/**
 * An idle service answers 424 until woken: ask it to wake, poll until it runs (up to 10 min).
 * A service that is stopped, not idle, is reported instead: waking it is the user's decision.
 */
async function wakeService(client: ApiClient, basePath: string, pollMs: number, cause: FailedDependencyError): Promise<void> {
  const state = async () => ((await client.get<{ state?: string }>(basePath)) ?? {}).state?.toLowerCase();
  const current = await state();
  if (current === "running") return;
  if (current !== "idle" && current !== "awaking") {
    throw new ServiceNotRunningError(`${cause.message}; the service is ${current ?? "in an unknown state"} and is not woken automatically: start it first`, {
      cause,
    });
  }
  if (current === "idle") await client.request({ method: "PATCH", path: basePath + path("state"), body: { command: "awake" } });
  try {
    const tell = (s: string | undefined, ms: number) =>
      reportProgress(`service ${basePath.split("/").pop()} is waking: ${s ?? "no state yet"} after ${waited(ms)} (of up to ${waited(WAKE_LIMIT_MS)})`);
    await pollUntil(state, (s) => s === "running", { timeoutMs: WAKE_LIMIT_MS, intervalMs: pollMs, maxIntervalMs: WAKE_POLL_MAX_MS }, undefined, tell);
  } catch (err) {
    if (!(err instanceof PollTimeoutError)) throw err;
    throw new ServiceNotRunningError(`${cause.message}; the service did not wake within ${WAKE_LIMIT_MS / 60_000} minutes`, { cause });
  }
}
