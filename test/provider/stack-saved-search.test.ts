/**
 * StackSavedSearch against a current stack server (emulator 2.36.0) on both targets: the life
 * cycle, the server's defaults read back with no change, adoption, the saved-search alert on
 * it, credentials never shown; and the first generation refusing it clearly.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { alertEngine as alertImpl, savedSearchEngine as searchImpl } from "../support/engines";
import { rawCall, rawJson } from "../support/raw-api";
import { alertInputs } from "../support/stack-fixtures";
import { KEY_SECRET, STACK_TOKEN } from "../support/emulator";
import { TARGETS, surfaceOf, useTarget } from "../support/stack-targets";
import { checked, preview, up } from "../support/engine-run";
import { startGenerations } from "../support/stack-generations";

const emulators = startGenerations();

describe.each(TARGETS)("StackSavedSearch on the %s target", (kind) => {
  beforeEach(() => useTarget(kind, emulators.current));
  const raw = (method: string, path: string, body?: unknown) => rawJson(emulators.current, surfaceOf(kind), method, path, body);
  const live = (id: string) => raw("GET", `/saved-searches/${id}`);
  let sourceId: string;
  beforeAll(async () => {
    useTarget(kind, emulators.current);
    sourceId = (await raw("GET", "/sources"))[0].id;
  });
  const program = (over: Record<string, unknown> = {}) => ({
    name: "checkout errors",
    sourceId,
    where: "service:checkout level:error",
    tags: ["checkout"],
    ...over,
  });

  it("creates, reads with the server's defaults and no change, updates (one PUT) and deletes", async () => {
    const search = await up(searchImpl, program());
    expect(await live(search.id)).toMatchObject({
      name: "checkout errors",
      where: "service:checkout level:error",
      select: "",
      whereLanguage: "lucene",
      orderBy: "",
    });
    expect(search.outs).toMatchObject({ sourceId, teamId: expect.any(String), createdAt: expect.any(String) });
    expect((await preview(searchImpl, program(), search)).diffs).toEqual([]);
    const read = await searchImpl.read(search.id, search.outs);
    expect(read).toEqual({ id: search.id, props: search.outs });

    const withColumns = program({
      select: "timestamp, body",
      orderBy: "timestamp DESC",
      whereLanguage: "sql",
      where: "level = 'error'",
      filters: [{ condition: "service IN ('checkout')" }],
    });
    const updated = await up(searchImpl, withColumns, search);
    expect(updated.diff?.diffs.map((d) => d.path).sort()).toEqual(["filters", "orderBy", "select", "where", "whereLanguage"]);
    expect(await live(search.id)).toMatchObject({
      select: "timestamp, body",
      orderBy: "timestamp DESC",
      filters: [{ type: "sql", condition: "service IN ('checkout')" }],
    });
    expect((await preview(searchImpl, withColumns, updated)).diffs, "the filter's default type is no change").toEqual([]);

    const dropped = await up(searchImpl, program(), updated);
    expect(dropped.diff?.diffs.map((d) => d.path).sort(), "dropping a field is a change: the PUT resets it").toEqual([
      "filters",
      "orderBy",
      "select",
      "where",
      "whereLanguage",
    ]);
    expect(await live(search.id)).toMatchObject({ select: "", orderBy: "", whereLanguage: "lucene", filters: [] });

    await searchImpl.delete(search.id, dropped.outs);
    expect((await rawCall(emulators.current, surfaceOf(kind), "GET", `/saved-searches/${search.id}`)).status).toBe(404);
    expect(await searchImpl.read(search.id, dropped.outs)).toEqual({ id: "", props: {} });
    await expect(searchImpl.delete(search.id, dropped.outs), "deleting one already gone is done").resolves.toBeUndefined();
  });

  it("carries a saved-search alert by its id; deleting the search takes the alert with it", async () => {
    const search = await up(searchImpl, program());
    const alertProgram = alertInputs({
      source: "saved_search",
      dashboardId: undefined,
      tileId: undefined,
      savedSearchId: search.id,
      groupBy: "host",
      channel: { type: "webhook", webhookId: "65f0c0de00000000000000a1" },
    });
    const alert = await up(alertImpl, alertProgram);
    expect(alert.outs).toMatchObject({ savedSearchId: search.id, source: "saved_search" });
    await searchImpl.delete(search.id, search.outs);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await alertImpl.read(alert.id, alert.outs)).toEqual({ id: "", props: {} });
      // The refresh that drops it says why.
      expect(warn.mock.calls.map(([m]) => String(m))).toEqual([
        expect.stringMatching(
          new RegExp(`alert ${alert.id} is gone .*: its saved search ${search.id} is gone, and the server deletes a saved search's alerts with it`),
        ),
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("adopts an existing saved search with one PUT; an unknown one is refused", async () => {
    const made = await raw("POST", "/saved-searches", { name: "made by hand", sourceId, where: "x" });
    const adopted = await up(searchImpl, program({ adoptId: made.id }));
    expect(adopted.id).toBe(made.id);
    expect(await live(made.id)).toMatchObject({ name: "checkout errors", where: "service:checkout level:error" });
    await expect(searchImpl.create(await checked(searchImpl, program({ adoptId: "65f0c0de00000000000000ff" })))).rejects.toThrow(
      /adoptId: no saved search 65f0c0de00000000000000ff/,
    );
  });

  it("refuses a filter the server would refuse (not one sidebar facet) in check, with its path", async () => {
    const filters = [{ condition: "ServiceName IN ('checkout')" }, { condition: "ServiceName = 'checkout'" }, { type: "lucene", condition: "level:error" }];
    const result = await searchImpl.check({}, program({ filters }));
    expect(result.failures?.map((f) => f.property)).toEqual(["filters[1]", "filters[2]"]);
    expect(result.failures?.[0].reason).toMatch(
      /^must be a sidebar-renderable SQL predicate \(e\.g\. "<column> IN \('<value>', \.\.\.\)", "NOT IN \(\.\.\.\)", or "BETWEEN <n> AND <n>"\)/,
    );
    expect(result.failures?.[0].reason).toContain("write `ServiceName IN ('checkout')`");
    // The server says the same of such a filter, so the check refuses nothing it would take.
    const refused = await rawCall(emulators.current, surfaceOf(kind), "POST", "/saved-searches", { name: "x", sourceId, filters: [filters[1]] });
    expect([refused.status, await refused.text()]).toEqual([400, expect.stringContaining("filters[0] must be a sidebar-renderable SQL predicate")]);
  });

  it("refuses bad input with the path before any request, and never shows a credential", async () => {
    const result = await searchImpl.check(
      {},
      program({ sourceId: "logs", whereLanguage: "kql", tags: ["t".repeat(33)], filters: [{ type: "sql_ast", operator: "~" }] }),
    );
    expect(result.failures?.map((f) => f.property).sort()).toEqual(["filters[0]", "sourceId", "tags[0]", "whereLanguage"]);
    const search = await up(searchImpl, program());
    const refused = await searchImpl.create(await checked(searchImpl, program({ sourceId: "65f0c0de00000000000000ff" }))).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    expect(refused).toMatch(/POST \/\S*saved-searches -> 400 .*sourceId must be an existing source id/);
    for (const text of [JSON.stringify(search), refused]) for (const secret of [KEY_SECRET, STACK_TOKEN]) expect(text).not.toContain(secret);
  });
});

describe("StackSavedSearch on a first-generation server", () => {
  it("says the server has no saved searches at check (the preview) and at create, before any write", async () => {
    useTarget("server", emulators.first);
    const inputs = { name: "s", sourceId: "65f0c0de0000000000000002" };
    const result = await searchImpl.check({}, inputs);
    expect(result.failures?.[0].reason).toMatch(/first generation of the stack API, which has no saved searches/);
    await expect(searchImpl.create(inputs)).rejects.toThrow(/first generation of the stack API, which has no saved searches/);
    expect(emulators.first.control.stats().byRoute["POST (no route)"] ?? 0).toBe(0);
  });
});
