import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { cloud } from "../support/raw-api";
import { control } from "../support/control-api";
import { kafkaPipe } from "../support/pipe-bodies";
import { setTimeout as sleep } from "node:timers/promises";
import { startTestEmulator } from "../support/emulator";

const STEP_MS = 50;
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stepMs: STEP_MS });
});
afterAll(() => emulator.close());

describe("idle service", () => {
  const service = "33333333-3333-4333-8333-333333333333";

  it("answers 424 FAILED_DEPENDENCY under the service until woken, then runs again", async () => {
    const api = cloud(emulator, service);
    expect((await control(emulator, "POST", `/services/${service}/state`, { state: "idle" })).status).toBe(200);
    for (const path of ["/pipes", "/pipesReversePrivateEndpoints", "/stack/dashboards"]) {
      const answer = await api.call("GET", path);
      expect(answer.status, path).toBe(424);
      expect(answer.json.error).toBe("FAILED_DEPENDENCY: service is not running. Current state: idle");
    }
    const refusedCreate = await api.call("POST", "/pipes", kafkaPipe("while-idle"));
    expect(refusedCreate.status).toBe(424);

    expect((await api.call("GET", "")).json.result.state).toBe("idle");
    // Long enough that a loaded machine still sees the service while it is awaking.
    emulator.control.setFaults({ stepMs: 400 });
    const woken = await api.call("PATCH", "/state", { command: "awake" });
    emulator.control.setFaults({ stepMs: STEP_MS });
    expect(woken.status).toBe(200);
    expect(woken.json.result.state).toBe("awaking");
    expect((await api.call("GET", "/pipes")).json.error).toContain("Current state: awaking");

    const deadline = Date.now() + 5000;
    while ((await api.call("GET", "")).json.result.state !== "running" && Date.now() < deadline) await sleep(20);
    expect((await api.call("GET", "")).json.result.state).toBe("running");
    const listed = await api.call("GET", "/pipes");
    expect(listed.status).toBe(200);
    expect(listed.json.result.map((p: { name: string }) => p.name)).not.toContain("while-idle");
  });

  it("keeps a stopped service at 424 and refuses to wake it", async () => {
    const stopped = "44444444-4444-4444-8444-444444444444";
    emulator.control.setServiceState(stopped, "stopped");
    const api = cloud(emulator, stopped);
    const answer = await api.call("GET", "/pipes");
    expect(answer.status).toBe(424);
    expect(answer.json.error).toContain("Current state: stopped");
    const wake = await api.call("PATCH", "/state", { command: "awake" });
    expect(wake.status).toBe(400);
    expect((await api.call("GET", "")).json.result.state).toBe("stopped");
  });

  it("refuses a service state command other than awake", async () => {
    const answer = await cloud(emulator).call("PATCH", "/state", { command: "sleep" });
    expect(answer.status).toBe(400);
  });
});

describe("control API", () => {
  it("forces a pipe state with a reason", async () => {
    const id = (await cloud(emulator).call("POST", "/pipes", kafkaPipe("forced"))).json.result.id;
    const forced = await control(emulator, "POST", `/pipes/${id}/state`, { state: "Failed", stateReason: "broker auth failed" });
    expect(forced.status).toBe(200);
    const read = await cloud(emulator).call("GET", `/pipes/${id}`);
    expect(read.json.result).toMatchObject({ state: "Failed", stateReason: "broker auth failed" });
  });

  it("refuses bad control bodies with 400", async () => {
    expect((await control(emulator, "POST", "/faults", { rate: 2 })).status).toBe(400);
    expect((await control(emulator, "POST", "/script", { path: "(" })).status).toBe(400);
    expect((await control(emulator, "POST", `/services/${emulator.options.serviceId}/state`, { state: "asleep" })).status).toBe(400);
    expect((await control(emulator, "POST", "/pipes/00000000-0000-4000-8000-00000000abcd/state", { state: "Running" })).status).toBe(404);
  });

  it("resets every store to the seeded start", async () => {
    await cloud(emulator).call("POST", "/pipes", kafkaPipe("before-reset"));
    expect((await control(emulator, "POST", "/reset")).status).toBe(200);
    expect((await cloud(emulator).call("GET", "/pipes")).json.result).toEqual([]);
    expect((await cloud(emulator).call("GET", "/pipesReversePrivateEndpoints")).json.result).toHaveLength(3);
  });
});
