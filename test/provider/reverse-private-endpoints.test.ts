/** getReversePrivateEndpoints (Promise) and getReversePrivateEndpointsOutput against the emulator. */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { getReversePrivateEndpoints, getReversePrivateEndpointsOutput } from "../../provider/functions/list-functions";
import { settingKeys } from "../../provider/config";
import { configFor } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";
import { runAsProgram, valueOf } from "../support/program-functions";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());
runAsProgram();

function useCloud(over: Record<string, string> = {}): void {
  for (const [key, value] of Object.entries(configFor("cloud", emulator, over))) process.env[settingKeys[key as keyof typeof settingKeys].env] = value;
}

const seeded = (): any[] => (emulator.control.state() as any).services[emulator.options.serviceId].reversePrivateEndpoints;

describe("getReversePrivateEndpoints", () => {
  it("returns a Promise of the service's endpoints, filtered", async () => {
    useCloud();
    const pending = getReversePrivateEndpoints({ status: "Ready" }, {});
    expect(pending).toBeInstanceOf(Promise);
    const ready = await pending;
    const want = seeded()
      .filter((e) => e.status === "Ready")
      .map((e) => e.id);
    expect(want.length).toBeGreaterThan(0);
    expect(ready.map((e) => e.id).sort()).toEqual(want.sort());
  });

  it("the Output form takes Inputs and gives the same list", async () => {
    useCloud();
    const ready = await valueOf(getReversePrivateEndpointsOutput({ status: pulumi.output("Ready" as const), type: "VPC_ENDPOINT_SERVICE" }));
    expect(ready.map((e) => e.id)).toEqual(
      seeded()
        .filter((e) => e.status === "Ready" && e.type === "VPC_ENDPOINT_SERVICE")
        .map((e) => e.id),
    );
  });

  it("an error names the function and the missing setting, before any request", async () => {
    useCloud();
    delete process.env[settingKeys.serviceId.env];
    await expect(getReversePrivateEndpoints()).rejects.toThrow(/^getReversePrivateEndpoints: pipestack:serviceId is not set/);
    const message = await valueOf(getReversePrivateEndpointsOutput()).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    expect(message).toMatch(/^getReversePrivateEndpoints: pipestack:serviceId is not set/);
  });

  it("refuses a bad filter with its name", async () => {
    await expect(getReversePrivateEndpoints({ status: "Bogus" } as never)).rejects.toThrow(/^getReversePrivateEndpoints: status /);
  });
});
