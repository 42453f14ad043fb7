/**
 * Saved searches and webhooks on the current stack API (2.36.0), through both ways in.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { replaceSavedSearch } from "../../emulator/stack/saved-searches";
import { StackStore } from "../../emulator/stack/store";
import { savedSearchSchema } from "../../emulator/stack/saved-search-shape";
import { apiV2 } from "../support/raw-api";
import { control } from "../support/control-api";
import { stackSurfaces } from "../support/stack-surfaces";
import { startTestEmulator } from "../support/emulator";

const NO_SUCH = "000000000000000000000000";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());

const surfaces = stackSurfaces(() => emulator);

describe.each(surfaces)("saved searches and webhooks through $label", ({ call }) => {
  let sourceId: string;
  beforeAll(async () => {
    sourceId = (await call("GET", "/sources")).data[0].id;
  });

  it("creates a saved search with the defaults filled in, then gets, lists, replaces and deletes it", async () => {
    const created = await call("POST", "/saved-searches", { name: " errors ", sourceId, where: "level:error", tags: ["a"] });
    expect(created.status, created.error).toBe(200);
    const s = created.data;
    expect(s).toEqual({
      id: s.id,
      name: "errors",
      select: "",
      where: "level:error",
      whereLanguage: "lucene",
      orderBy: "",
      sourceId,
      tags: ["a"],
      filters: [],
      teamId: expect.any(String),
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
    });
    expect((await call("GET", `/saved-searches/${s.id}`)).data).toEqual(s);
    expect((await call("GET", "/saved-searches")).data.map((x: { id: string }) => x.id)).toContain(s.id);
    const put = await call("PUT", `/saved-searches/${s.id}`, { name: "errors", sourceId, filters: [{ condition: "service IN ('api')" }] });
    expect(put.data).toMatchObject({ where: "", tags: [], filters: [{ type: "sql", condition: "service IN ('api')" }] });
    expect((await call("DELETE", `/saved-searches/${s.id}`)).status).toBe(200);
    const gone = await call("GET", `/saved-searches/${s.id}`);
    expect(gone.status).toBe(404);
    expect(gone.error).toContain("Saved search not found");
  });

  it("refuses a filter that is not one sidebar facet with the server's 400", async () => {
    const message = (i: number) =>
      `filters[${i}] must be a sidebar-renderable SQL predicate (e.g. "<column> IN ('<value>', ...)", "NOT IN (...)", or "BETWEEN <n> AND <n>"). ` +
      "Other shapes are only accepted on update when preserved unchanged from the stored saved search.";
    const facet = { condition: "ServiceName IN ('checkout')" };
    for (const filter of [
      { condition: "ServiceName = 'checkout'" },
      { type: "lucene", condition: "ServiceName:checkout" },
      { type: "sql_ast", operator: "=", left: "a", right: "b" },
    ]) {
      const refused = await call("POST", "/saved-searches", { name: "f", sourceId, filters: [facet, filter] });
      expect([refused.status, refused.error], JSON.stringify(filter)).toEqual([400, expect.stringContaining(message(1))]);
    }
    const s = (await call("POST", "/saved-searches", { name: "f", sourceId, filters: [facet, { condition: "Duration BETWEEN 0 AND 500" }] })).data;
    expect(s.filters).toEqual([
      { type: "sql", ...facet },
      { type: "sql", condition: "Duration BETWEEN 0 AND 500" },
    ]);
  });

  it("lets a PUT keep a stored filter of another shape (made in the UI) unchanged, and refuses it changed", () => {
    const store = new StackStore();
    const sourceId = [...store.sources.keys()][0];
    const at = new Date(0).toISOString();
    const legacy = { type: "lucene", condition: "legacy:yes" };
    store.savedSearches.set("s1", {
      id: "s1",
      name: "f",
      sourceId,
      select: "",
      where: "",
      whereLanguage: "lucene",
      orderBy: "",
      tags: [],
      filters: [legacy],
      createdAt: at,
      updatedAt: at,
    });
    const input = (filters: Record<string, unknown>[]) => savedSearchSchema.parse({ name: "f", sourceId, filters });
    expect(replaceSavedSearch(store, "s1", input([legacy, { condition: "A IN ('x')" }]), at).filters).toHaveLength(2);
    expect(() => replaceSavedSearch(store, "s1", input([{ type: "lucene", condition: "legacy:no" }]), at)).toThrow(
      /^filters\[0\] must be a sidebar-renderable/,
    );
  });

  it("deletes a saved search's alerts with it", async () => {
    const s = (await call("POST", "/saved-searches", { name: "with alert", sourceId })).data;
    const alert = (
      await call("POST", "/alerts", {
        source: "saved_search",
        savedSearchId: s.id,
        interval: "1h",
        threshold: 1,
        thresholdType: "above",
        channel: { type: "webhook", webhookId: "65f0c0de00000000000000a1" },
      })
    ).data;
    await call("DELETE", `/saved-searches/${s.id}`);
    expect((await call("GET", `/alerts/${alert.id}`)).status).toBe(404);
  });

  it.each([
    ["an unknown source", () => ({ name: "x", sourceId: NO_SUCH }), "sourceId must be an existing source id"],
    ["an empty name", () => ({ name: "  ", sourceId }), "name: String must contain at least 1 character(s)"],
    ["a language the server lacks", () => ({ name: "x", sourceId, whereLanguage: "promql" }), "whereLanguage: Invalid enum value"],
  ])("refuses a saved search with %s", async (_label, body, fragment) => {
    const answer = await call("POST", "/saved-searches", body());
    expect(answer.status).toBe(400);
    expect(answer.error).toContain(fragment);
  });

  it("lists the seeded webhook and creates, replaces and deletes one, never answering its headers", async () => {
    const list = await call("GET", "/webhooks");
    expect(list.data[0]).toMatchObject({ id: "65f0c0de00000000000000a1", service: "generic" });
    const created = await call("POST", "/webhooks", {
      name: "pager",
      service: "generic",
      url: "https://hooks.example.test/p",
      headers: { Authorization: "Bearer hook-secret-1" },
      body: "{}",
    });
    expect(created.status, created.error).toBe(200);
    expect(created.data).toEqual({
      id: expect.any(String),
      name: "pager",
      url: "https://hooks.example.test/p",
      updatedAt: expect.any(String),
      createdAt: expect.any(String),
      service: "generic",
      body: "{}",
    });
    const put = await call("PUT", `/webhooks/${created.data.id}`, {
      name: "pager",
      service: "generic",
      url: "https://hooks.example.test/p",
      description: "on call",
    });
    expect(put.data).toMatchObject({ description: "on call" });
    expect(put.data).not.toHaveProperty("body");
    expect(JSON.stringify(put.json)).not.toContain("hook-secret-1");
    expect((await call("DELETE", `/webhooks/${created.data.id}`)).status).toBe(200);
    expect((await call("DELETE", `/webhooks/${created.data.id}`)).status).toBe(404);
  });

  it("refuses a second webhook of the same service and name, and deleting one that alerts use", async () => {
    const first = await call("POST", "/webhooks", { name: "twice", service: "generic", url: "https://hooks.example.test/s" });
    expect(first.status).toBe(200);
    const again = await call("POST", "/webhooks", { name: "twice", service: "generic", url: "https://hooks.example.test/s2" });
    expect(again.status).toBe(400);
    expect(again.error).toContain("A webhook with this service and name already exists");
    const s = (await call("POST", "/saved-searches", { name: "uses hook", sourceId })).data;
    await call("POST", "/alerts", {
      source: "saved_search",
      savedSearchId: s.id,
      interval: "1h",
      threshold: 1,
      thresholdType: "above",
      channel: { type: "webhook", webhookId: first.data.id },
    });
    const refused = await call("DELETE", `/webhooks/${first.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.error).toContain("Cannot delete webhook: 1 alert(s) still reference it");
  });

  it("refuses headers on a slack webhook and an invalid url", async () => {
    expect((await call("POST", "/webhooks", { name: "s", service: "slack", url: "https://x.test", headers: { a: "b" } })).error).toContain(
      "headers: headers is not supported for the slack webhook service",
    );
    expect((await call("POST", "/webhooks", { name: "u", service: "generic", url: "not a url" })).error).toContain("url: Invalid url");
  });

  it("gets one source by id, 404 for an unknown one", async () => {
    expect((await call("GET", `/sources/${sourceId}`)).data).toMatchObject({ id: sourceId, name: "Logs" });
    const missing = await call("GET", `/sources/${NO_SUCH}`);
    expect(missing.status).toBe(404);
    expect(missing.error).toContain("Source not found");
  });

  it("lists webhooks but has no route for one by id, as the server has none", async () => {
    expect((await call("GET", "/webhooks")).status).toBe(200);
    expect((await call("GET", "/webhooks/65f0c0de00000000000000a1")).status).toBe(404);
  });
});

describe("control state", () => {
  it("names the served generation and shows webhook header names without their values", async () => {
    await apiV2(emulator).call("POST", "/webhooks", {
      name: "secret",
      service: "generic",
      url: "https://hooks.example.test/x",
      headers: { "X-Token": "control-secret-42" },
    });
    const state = await control(emulator, "GET", "/state");
    expect(state.json.stackApiVersion).toBe("2.36.0");
    expect(state.text).not.toContain("control-secret-42");
    expect(state.json.stack.webhooks.find((w: { name: string }) => w.name === "secret").headers).toEqual({ "X-Token": "(redacted)" });
  });
});

describe("state file", () => {
  it("keeps saved searches and webhooks, secrets included, across a restart", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "emulator-stack-state-"));
    try {
      const stateFile = path.join(dir, "state.json");
      const first = await startTestEmulator({ stackApiVersion: "2.36.0", stateFile });
      const sourceId = (await apiV2(first).call("GET", "/sources")).json.data[0].id;
      const search = (await apiV2(first).call("POST", "/saved-searches", { name: "kept", sourceId })).json.data;
      const hook = (
        await apiV2(first).call("POST", "/webhooks", { name: "kept", service: "generic", url: "https://hooks.example.test/k", headers: { "X-Token": "t" } })
      ).json.data;
      await first.close();
      const second = await startTestEmulator({ stackApiVersion: "2.36.0", stateFile });
      try {
        expect((await apiV2(second).call("GET", `/saved-searches/${search.id}`)).json.data).toEqual(search);
        expect((await apiV2(second).call("GET", "/webhooks")).json.data.map((w: { id: string }) => w.id)).toEqual(["65f0c0de00000000000000a1", hook.id]);
        expect((await control(second, "GET", "/state")).json.stack.webhooks[1].headers).toEqual({ "X-Token": "(redacted)" });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
