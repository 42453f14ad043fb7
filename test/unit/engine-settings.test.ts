import { afterEach, describe, expect, it } from "vitest";
import { configure, engineSettings } from "../../provider/engine/engine-settings";
import { cachedCloudService } from "../../provider/engine/service-cache";

/**
 * A provider process answers hundreds of calls with one configuration: settings are looked up on
 * every call (a changed value is seen at once) but parsed once per distinct set of values, and
 * the API client of a service is built once per settings object.
 */
const base = {
  "pipestack:apiUrl": "http://127.0.0.1:9",
  "pipestack:keyId": "key-id",
  "pipestack:keySecret": "key-secret",
  "pipestack:organizationId": "org-1",
  "pipestack:serviceId": "svc-1",
};

function configureWith(values: Record<string, string>): void {
  void configure({ config: { get: (key: string) => values[key] } });
}

const saved = process.env.PIPESTACK_POLL_INTERVAL_MS;
afterEach(() => {
  if (saved === undefined) delete process.env.PIPESTACK_POLL_INTERVAL_MS;
  else process.env.PIPESTACK_POLL_INTERVAL_MS = saved;
});

describe("engineSettings", () => {
  it("returns the same settings object while no value changed", () => {
    configureWith(base);
    const first = engineSettings();
    expect(engineSettings()).toBe(first);
    expect(first.apiUrl).toBe("http://127.0.0.1:9");
  });

  it.each([
    [
      "a new stack config",
      () => configureWith({ ...base, "pipestack:apiUrl": "http://127.0.0.1:10" }),
      (s: ReturnType<typeof engineSettings>) => s.apiUrl === "http://127.0.0.1:10",
    ],
    [
      "an environment variable set since",
      () => (process.env.PIPESTACK_POLL_INTERVAL_MS = "250"),
      (s: ReturnType<typeof engineSettings>) => s.pollIntervalMs === 250,
    ],
  ])("sees %s at once", (_what, change, holds) => {
    configureWith(base);
    delete process.env.PIPESTACK_POLL_INTERVAL_MS;
    const before = engineSettings();
    change();
    const after = engineSettings();
    expect(after).not.toBe(before);
    expect(holds(after)).toBe(true);
  });

  it("still reports a broken setting on every call", () => {
    configureWith({ ...base, "pipestack:apiUrl": "not a url" });
    expect(() => engineSettings()).toThrow(/pipestack:apiUrl is not valid/);
    expect(() => engineSettings()).toThrow(/pipestack:apiUrl is not valid/);
  });
});

describe("cachedCloudService", () => {
  it("builds one client per settings object and service", () => {
    configureWith(base);
    const settings = engineSettings();
    const ref = { organizationId: "org-1", serviceId: "svc-1" };
    const svc = cachedCloudService(settings, ref);
    expect(cachedCloudService(settings, { ...ref })).toBe(svc);
    expect(cachedCloudService(settings, { ...ref, serviceId: "svc-2" })).not.toBe(svc);
    expect(cachedCloudService(settings, { ...ref, serviceId: "svc-2" }).basePath).toContain("svc-2");
    configureWith({ ...base, "pipestack:keyId": "other-key" });
    expect(cachedCloudService(engineSettings(), ref)).not.toBe(svc);
  });
});
