/**
 * What every handler shares: the live options and the store. Passed explicitly (no module
 * state), so several emulators can run in one process, one per test file.
 */
import type { ResolvedOptions } from "./options";
import type { Store } from "./store";

/** Shared state of one emulator instance. */
export interface App {
  options: ResolvedOptions;
  store: Store;
}

/** Cloud API path prefix of everything under a service. */
export const SERVICE_PREFIX = "/v1/organizations/{organizationId}/services/{serviceId}";
