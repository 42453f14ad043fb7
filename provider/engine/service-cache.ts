import type { Settings } from "../config";
import { cloudService, type CloudService, type ServiceRef } from "../client/cloud";

/** API clients per settings object (see `engineSettings`) and service: dropped with the settings. */
const clients = new WeakMap<Settings, Map<string, CloudService>>();

/**
 * The cloud API client of one service under these settings, built once per provider process
 * instead of once per call (a 200-pipe `up` makes about a thousand calls).
 */
export function cachedCloudService(settings: Settings, ref: ServiceRef): CloudService {
  let byService = clients.get(settings);
  if (!byService) clients.set(settings, (byService = new Map<string, CloudService>()));
  const key = `${ref.organizationId}/${ref.serviceId}`;
  let svc = byService.get(key);
  if (!svc) byService.set(key, (svc = cloudService(settings, ref)));
  return svc;
}
