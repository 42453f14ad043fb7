import * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storedStack } from "../support/stored";
import type { Emulator } from "../../emulator/index";
import { getStackSources } from "../../provider/functions/get-stack-sources";
import { settingKeys } from "../../provider/config";
import { KEY_SECRET, STACK_TOKEN, TARGETS, configFor, start } from "./stack-harness";

let emulator: Emulator;
const saved = { ...process.env };

beforeAll(async () => {
  emulator = await start();
  pulumi.runtime.setMocks({ newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: (a) => a.inputs }, "project", "stack", false);
});
afterAll(() => emulator.close());
afterEach(() => {
  for (const k of Object.keys(process.env)) if (k.startsWith("PIPESTACK_")) delete process.env[k];
  Object.assign(process.env, saved);
});

/** Functions run in the program: their settings come from `pipestack:*` config or `PIPESTACK_*`. */
function useEnv(values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) process.env[settingKeys[key as keyof typeof settingKeys].env] = value;
}

/**
 * The value of an Output outside a deployment, through the SDK's own accessors. A failed Output
 * rejects each of them: all are handled, only the value's rejection is reported.
 */
function valueOf<T>(o: pulumi.Output<T>): Promise<T> {
  const inner = o as unknown as { promise(): Promise<T>; isKnown: Promise<boolean>; isSecret: Promise<boolean>; allResources(): Promise<unknown> };
  for (const p of [inner.isKnown, inner.isSecret, inner.allResources()]) p.catch(() => undefined);
  return inner.promise();
}

describe.each(TARGETS)("getStackSources on the %s target", (kind) => {
  it("lists the stack's sources as an Output", async () => {
    useEnv(configFor(kind, emulator));
    const sources = await valueOf(getStackSources());
    const seeded = storedStack(emulator, kind).sources;
    expect(sources.map((s) => s.id).sort()).toEqual(seeded.map((s: any) => s.id).sort());
    expect(sources.length).toBeGreaterThan(0);
    expect(JSON.stringify(sources)).not.toContain(kind === "server" ? STACK_TOKEN : KEY_SECRET);
  });

  it("reports a refused credential without showing it", async () => {
    useEnv(configFor(kind, emulator, { keySecret: "wrong-secret-9000", stackToken: "wrong-token-9000" }));
    const message = await valueOf(getStackSources()).then(() => "resolved", (e: Error) => e.message);
    expect(message).toMatch(/401/);
    expect(message).not.toMatch(/wrong-(secret|token)-9000/);
  });
});

describe("getStackSources arguments", () => {
  it("may name the server itself", async () => {
    useEnv({ ...configFor("cloud", emulator) });
    const sources = await valueOf(getStackSources({ stackUrl: emulator.url }));
    expect(sources.map((s) => s.id).sort()).toEqual(storedStack(emulator, "server").sources.map((s) => s.id).sort());
  });

  it("refuses an unknown argument with its name", async () => {
    const message = await valueOf(getStackSources({ team: "x" } as never)).then(() => "resolved", (e: Error) => e.message);
    expect(message).toMatch(/getStackSources: team is not a known field/);
  });
});
