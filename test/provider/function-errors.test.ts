/**
 * A function called with a wrong credential or a wrong URL fails with a message that names the
 * setting to check, once, as a `RunError` (the engine prints its message without stack frames).
 * The emulator records each request: the failure is the API's answer, not a check before it.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { getReversePrivateEndpoints } from "../../provider/functions/list-functions";
import { getStackSources, getStackSourcesOutput } from "../../provider/functions/list-functions";
import { getStackWebhooks } from "../../provider/functions/list-functions";
import { runAsProgram, useEnv, valueOf } from "../support/program-functions";
import { configFor, type TargetKind } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());
runAsProgram();

const count = (text: string, part: string) => text.split(part).length - 1;

async function failure(run: () => Promise<unknown>): Promise<Error> {
  const before = emulator.control.stats().requests;
  const err = await run().then(
    () => new Error("resolved"),
    (e: Error) => e,
  );
  expect(emulator.control.stats().requests).toBeGreaterThan(before);
  return err;
}

/** [what, target, settings over the good ones, call, the setting named]. */
const cases: [string, TargetKind, Record<string, string>, () => Promise<unknown>, string][] = [
  ["getStackSources, wrong token", "server", { stackToken: "expired-token-1" }, () => getStackSources(), "pipestack:stackToken"],
  ["getStackSources, wrong stackUrl", "server", {}, () => getStackSources(), "pipestack:stackUrl"],
  ["getStackSourcesOutput, wrong stackUrl", "server", {}, () => valueOf(getStackSourcesOutput()), "pipestack:stackUrl"],
  ["getStackWebhooks, wrong token", "server", { stackToken: "expired-token-1" }, () => getStackWebhooks(), "pipestack:stackToken"],
  ["getStackSources on the cloud, wrong key", "cloud", { keySecret: "expired-secret-1" }, () => getStackSources(), "pipestack:keySecret"],
  ["getReversePrivateEndpoints, wrong key", "cloud", { keySecret: "expired-secret-1" }, () => getReversePrivateEndpoints(), "pipestack:keySecret"],
  ["getReversePrivateEndpoints, wrong apiUrl", "cloud", {}, () => getReversePrivateEndpoints(), "pipestack:apiUrl"],
];

describe("function errors name the setting to check", () => {
  it.each(cases)("%s", async (_what, kind, over, call, setting) => {
    const urlKey = setting.endsWith("Url") ? setting.slice("pipestack:".length) : undefined;
    const wrongUrl: Record<string, string> = urlKey ? { [urlKey]: `${emulator.url}/no-such-prefix` } : {};
    useEnv(configFor(kind, emulator, { ...over, ...wrongUrl }));
    const err = await failure(call);
    expect(err.message).not.toBe("resolved");
    expect(count(err.message, setting)).toBe(1);
    expect(pulumi.RunError.isInstance(err)).toBe(true);
    expect(err.message).not.toMatch(/\n\s+at /);
    expect(err.message).not.toMatch(/expired-(token|secret)-1/);
  });
});
