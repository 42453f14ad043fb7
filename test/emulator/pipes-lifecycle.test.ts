import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { cloud } from "../support/raw-api";
import { kafkaPipe, objectStoragePipe, postgresPipe } from "../support/pipe-bodies";
import { setTimeout as sleep } from "node:timers/promises";
import { startTestEmulator } from "../support/emulator";

const STEP_MS = 60;
let emulator: Emulator;
let api: ReturnType<typeof cloud>;
beforeAll(async () => {
  emulator = await startTestEmulator({ stepMs: STEP_MS });
  api = cloud(emulator);
});
afterAll(() => emulator.close());

/** Polls a pipe until `state` (or a 404 when state is "gone"); returns the distinct states seen. */
async function watch(id: string, until: string, first?: string, timeoutMs = 5000): Promise<string[]> {
  const seen: string[] = first ? [first] : [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await api.call("GET", `/pipes/${id}`);
    const state = answer.status === 404 ? "gone" : (answer.json.result.state as string);
    if (seen[seen.length - 1] !== state) seen.push(state);
    if (state === until) return seen;
    await sleep(10);
  }
  throw new Error(`pipe ${id} did not reach ${until}; seen ${seen.join(" > ")}`);
}

/** True when `seen` keeps the order of `expected` (a slow poll may miss a middle state). */
function inOrder(seen: string[], expected: string[]): boolean {
  let i = 0;
  for (const state of seen) {
    while (i < expected.length && expected[i] !== state) i++;
    if (i === expected.length) return false;
  }
  return true;
}

function snapshotOnly(name: string): Record<string, any> {
  const body = postgresPipe(name);
  body.source.postgres.settings.replicationMode = "snapshot";
  return body;
}

async function create(body: Record<string, unknown>): Promise<{ id: string; state: string }> {
  const answer = await api.call("POST", "/pipes", body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.result;
}

describe("states after create", () => {
  const cases: Array<[string, () => Record<string, unknown>, string[]]> = [
    ["a kafka pipe", () => kafkaPipe("life-kafka"), ["Provisioning", "Running"]],
    ["a continuous object storage pipe", () => objectStoragePipe("life-os-cont", true), ["Provisioning", "Running"]],
    ["a one-off object storage pipe", () => objectStoragePipe("life-os-once"), ["Provisioning", "Running", "Completed"]],
    ["a postgres pipe", () => postgresPipe("life_pg"), ["Provisioning", "Setup", "Snapshot", "Running"]],
    ["a pipe named fail-*", () => kafkaPipe("fail-broker"), ["Provisioning", "Failed"]],
    ["a snapshot-only postgres pipe", () => snapshotOnly("life_pg_snap"), ["Provisioning", "Setup", "Snapshot", "Completed"]],
  ];
  it.each(cases)("%s goes through its states in order", async (_label, body, expected) => {
    const pipe = await create(body());
    expect(pipe.state).toBe("Provisioning");
    const seen = await watch(pipe.id, expected[expected.length - 1], pipe.state);
    expect(inOrder(seen, expected), seen.join(" > ")).toBe(true);
    expect(seen[seen.length - 1]).toBe(expected[expected.length - 1]);
  });

  it("gives a failed pipe a stateReason", async () => {
    const pipe = await create(kafkaPipe("fail-reason"));
    await watch(pipe.id, "Failed", pipe.state);
    const read = await api.call("GET", `/pipes/${pipe.id}`);
    expect(read.json.result.stateReason).toMatch(/unreachable/);
  });

  it("settles within the create response when stepMs is 0", async () => {
    emulator.control.setFaults({ stepMs: 0 });
    try {
      expect((await create(postgresPipe("settled_pg"))).state).toBe("Running");
      expect((await create(objectStoragePipe("settled-once"))).state).toBe("Completed");
    } finally {
      emulator.control.setFaults({ stepMs: STEP_MS });
    }
  });
});

describe("state commands", () => {
  it("stops a streaming pipe (Stopping > Stopped) and starts it again", async () => {
    const pipe = await create(kafkaPipe("cmd-kafka"));
    await watch(pipe.id, "Running", pipe.state);
    const stop = await api.call("PATCH", `/pipes/${pipe.id}/state`, { command: "stop" });
    expect(stop.json.result.state).toBe("Stopping");
    expect(await watch(pipe.id, "Stopped", "Stopping")).toEqual(["Stopping", "Stopped"]);
    const started = await api.call("PATCH", `/pipes/${pipe.id}/state`, { command: "start" });
    expect(started.status).toBe(200);
    await watch(pipe.id, "Running", started.json.result.state);
  });

  it("refuses start from Running and resync of a streaming pipe", async () => {
    const pipe = await create(kafkaPipe("cmd-refused"));
    await watch(pipe.id, "Running", pipe.state);
    const start = await api.call("PATCH", `/pipes/${pipe.id}/state`, { command: "start" });
    expect(start.status).toBe(400);
    expect(start.json.error).toContain("cannot be started from state Running");
    const resync = await api.call("PATCH", `/pipes/${pipe.id}/state`, { command: "resync" });
    expect(resync.status).toBe(400);
    expect(resync.json.error).toContain("resync is only supported for database");
  });

  it("pauses a postgres pipe, edits its mappings only while paused, resumes and resyncs", async () => {
    const pipe = await create(postgresPipe("cmd_pg"));
    await watch(pipe.id, "Running", pipe.state);
    const add = { source: { postgres: { tableMappingsToAdd: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "cmd_pg_orders" }] } } };
    const early = await api.call("PATCH", `/pipes/${pipe.id}`, add);
    expect(early.status).toBe(400);
    expect(early.json.error).toBe("BAD_REQUEST: pipe must be paused to edit table mappings");

    await api.call("PATCH", `/pipes/${pipe.id}/state`, { command: "stop" });
    expect(await watch(pipe.id, "Paused", "Pausing")).toEqual(["Pausing", "Paused"]);
    const added = await api.call("PATCH", `/pipes/${pipe.id}`, add);
    expect(added.status, added.text).toBe(200);
    expect(added.json.result.source.postgres.tableMappings.map((m: { sourceTable: string }) => m.sourceTable)).toEqual(["users", "orders"]);

    const edit = { source: { postgres: { tableMappingsToAdd: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "cmd_pg_orders_v2" }] } } };
    const edited = await api.call("PATCH", `/pipes/${pipe.id}`, edit);
    expect(edited.status).toBe(400);
    expect(edited.json.error).toContain("an existing mapping cannot be edited");
    // The same source table removed and added again in one PATCH is refused: two requests.
    const inOne = await api.call("PATCH", `/pipes/${pipe.id}`, {
      source: { postgres: { ...edit.source.postgres, tableMappingsToRemove: add.source.postgres.tableMappingsToAdd } },
    });
    expect(inOne.status).toBe(400);
    expect(inOne.json.error).toContain("tableMappingsToAdd.0: public.orders is also in tableMappingsToRemove");
    const removed = await api.call("PATCH", `/pipes/${pipe.id}`, { source: { postgres: { tableMappingsToRemove: add.source.postgres.tableMappingsToAdd } } });
    expect(removed.status, removed.text).toBe(200);
    const replaced = await api.call("PATCH", `/pipes/${pipe.id}`, edit);
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json.result.source.postgres.tableMappings.map((m: { targetTable: string }) => m.targetTable)).toEqual(["cmd_pg_users", "cmd_pg_orders_v2"]);

    const resumed = await api.call("PATCH", `/pipes/${pipe.id}/state`, { command: "start" });
    expect(resumed.json.result.state).toBe("Running");
    const resync = await api.call("PATCH", `/pipes/${pipe.id}/state`, { command: "resync" });
    expect(resync.json.result.state).toBe("Resync");
    await watch(pipe.id, "Running", "Resync");
  });

  it("moves updatedAt on every change", async () => {
    const pipe = await create(kafkaPipe("cmd-updated"));
    const stamps = [(await api.call("GET", `/pipes/${pipe.id}`)).json.result.updatedAt];
    stamps.push((await api.call("PATCH", `/pipes/${pipe.id}`, { name: "cmd-updated-2" })).json.result.updatedAt);
    stamps.push((await api.call("PATCH", `/pipes/${pipe.id}/scaling`, { replicas: 3 })).json.result.updatedAt);
    await api.call("PUT", `/pipes/${pipe.id}/settings`, { streaming_max_insert_wait_ms: 1000 });
    stamps.push((await api.call("GET", `/pipes/${pipe.id}`)).json.result.updatedAt);
    expect(new Set(stamps).size).toBe(4);
    expect([...stamps].sort()).toEqual(stamps);
  });
});

describe("delete", () => {
  it("answers 200 at once, reads Stopping, then 404 JSON and leaves the list", async () => {
    const pipe = await create(kafkaPipe("del-me"));
    // Long enough that a loaded machine still reads the pipe while it is being deleted.
    emulator.control.setFaults({ stepMs: 400 });
    const deleted = await api.call("DELETE", `/pipes/${pipe.id}`);
    emulator.control.setFaults({ stepMs: STEP_MS });
    expect(deleted.status).toBe(200);
    const during = await api.call("GET", `/pipes/${pipe.id}`);
    expect(during.status).toBe(200);
    expect(during.json.result.state).toBe("Stopping");
    await watch(pipe.id, "gone", "Stopping");
    const after = await api.call("GET", `/pipes/${pipe.id}`);
    expect(after.status).toBe(404);
    expect(after.json.error).toMatch(/^NOT_FOUND: /);
    const list = await api.call("GET", "/pipes");
    expect(list.json.result.map((p: { id: string }) => p.id)).not.toContain(pipe.id);
  });

  it("answers DELETE of an unknown pipe with a JSON 404", async () => {
    const answer = await api.call("DELETE", "/pipes/5b0d1c2e-0000-4000-8000-00000000dead");
    expect(answer.status).toBe(404);
    expect(answer.json.error).toMatch(/^NOT_FOUND: /);
  });
});

describe("a Completed one-off pipe", () => {
  it.each([
    ["object storage", () => objectStoragePipe("done-os")],
    ["snapshot-only postgres", () => snapshotOnly("done_pg")],
  ])("%s refuses updates, settings and scaling", async (_label, body) => {
    const pipe = await create(body());
    await watch(pipe.id, "Completed", pipe.state);
    for (const [method, suffix, change] of [
      ["PATCH", "", { name: "renamed-after-done" }],
      ["PUT", "/settings", { streaming_max_insert_wait_ms: 1000 }],
      ["PATCH", "/scaling", { replicas: 2 }],
    ] as const) {
      const answer = await api.call(method, `/pipes/${pipe.id}${suffix}`, change);
      expect(answer.status, `${method} ${suffix}`).toBe(400);
      expect(answer.json.error).toContain("a completed one-off pipe cannot be updated");
    }
  });
});
