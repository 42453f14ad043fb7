import { afterEach, describe, expect, it } from "vitest";
import { settingKeys } from "../../provider/config";
import { engineSettings } from "../../provider/engine/engine-settings";
import { clearSettingsEnv } from "../support/clean-env";
import { configureWith, emulatorWithEngine } from "../support/engine";

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
