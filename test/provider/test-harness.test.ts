import { afterEach, describe, expect, it } from "vitest";
import { settingKeys } from "../../provider/config";
import { engineSettings } from "../../provider/engine/engine-settings";
import { clearSettingsEnv } from "../support/clean-env";
import { configureWith, emulatorWithEngine } from "../support/engine";
import { startTestEmulator } from "../support/emulator";
import { rawJson } from "../support/raw-api";
import { storedObjects, storedStack } from "../support/stored";

describe("test harness: a developer's environment never leaks into a test", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const { env } of Object.values(settingKeys)) delete process.env[env];
    Object.assign(process.env, saved);
  });

  it("every test file starts with no PIPESTACK_* setting in its environment", () => {
    for (const { env } of Object.values(settingKeys)) expect(process.env[env], env).toBeUndefined();
  });

  it("clearSettingsEnv drops the settings and keeps the other PIPESTACK_* variables", () => {
    const env: NodeJS.ProcessEnv = { PIPESTACK_API_URL: "https://api.example.test", PIPESTACK_KEY_SECRET: "s", PIPESTACK_PULUMI_BIN: "/bin", PATH: "/usr/bin" };
    clearSettingsEnv(env);
    expect(env).toEqual({ PIPESTACK_PULUMI_BIN: "/bin", PATH: "/usr/bin" });
  });

  it("a setting the test's config leaves out is not read from the environment", async () => {
    process.env.PIPESTACK_MAX_RETRIES = "0";
    process.env.PIPESTACK_STACK_URL = "https://stack.leaked.test";
    configureWith({ apiUrl: "http://127.0.0.1:9" });
    expect(engineSettings().maxRetries).toBe(6);
    expect(engineSettings().stackUrl).toBeUndefined();
    // The pipe tests' emulator configures the engine the same way.
    const emulator = await emulatorWithEngine();
    try {
      expect(engineSettings().maxRetries).toBe(6);
      expect(engineSettings().stackUrl).toBeUndefined();
      expect(engineSettings().apiUrl).toBe(emulator.url);
    } finally {
      await emulator.close();
    }
  });
});

describe("test harness: storedObjects counts what programs made, in every collection", () => {
  it("is 0 on a fresh emulator (its seeds left out), and counts one object of each kind on each stack and service", async () => {
    const emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
    try {
      expect(storedObjects(emulator)).toBe(0);
      const sourceId = storedStack(emulator, "server").sources[0].id;
      await rawJson(emulator, "stack-server", "POST", "/webhooks", { name: "made", service: "generic", url: "https://hooks.example.com/a" });
      await rawJson(emulator, "stack-server", "POST", "/saved-searches", { name: "made", sourceId, where: "level:error" });
      await rawJson(emulator, "stack-cloud", "POST", "/webhooks", { name: "made", service: "generic", url: "https://hooks.example.com/a" });
      expect(storedObjects(emulator)).toBe(3);
    } finally {
      await emulator.close();
    }
  });
});
