/**
 * The stack API generation is chosen at start: the same requests against `2.0.0` (the
 * contract's form) and `2.36.0` (the current server, the default) get each generation's
 * answers, on both ways in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE, describeSettings, parseCliArgs } from "../../emulator/cli-args";
import type { Emulator } from "../../emulator/index";
import { resolveOptions, type EmulatorOptions } from "../../emulator/options";
import { apiV2 } from "../support/raw-api";
import { control } from "../support/control-api";
import { startTestEmulator } from "../support/emulator";

const NO_SUCH = "000000000000000000000000";
const emulators: Record<string, Emulator> = {};
beforeAll(async () => {
  emulators["2.0.0"] = await startTestEmulator({ stackApiVersion: "2.0.0" });
  emulators["2.36.0"] = await startTestEmulator({ stackApiVersion: "2.36.0" });
  emulators.default = await startTestEmulator({ stackApiVersion: undefined });
});
afterAll(() => Promise.all(Object.values(emulators).map((e) => e.close())));

const call = (version: string, method: string, path: string, body?: unknown) => apiV2(emulators[version]).call(method, path, body);
const contractTile = { name: "a", x: 0, y: 0, w: 6, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count" }] };

describe("choosing the generation", () => {
  it("serves the current server's form by default and says which in the control state", async () => {
    expect(resolveOptions({}).stackApiVersion).toBe("2.36.0");
    for (const [version, expected] of [
      ["default", "2.36.0"],
      ["2.0.0", "2.0.0"],
      ["2.36.0", "2.36.0"],
    ]) {
      expect((await control(emulators[version], "GET", "/state")).json.stackApiVersion).toBe(expected);
    }
    const contract = await call("default", "POST", "/dashboards", { name: "d", tiles: [contractTile] });
    expect([contract.status, contract.json.message]).toEqual([400, expect.stringContaining("tiles.0.series.0.sourceId: Required")]);
  });

  it("refuses a version it does not serve, from options and from the command line", () => {
    expect(() => resolveOptions({ stackApiVersion: "2.14.0" } as unknown as EmulatorOptions)).toThrow(/stackApiVersion must be one of 2.0.0, 2.36.0/);
    expect(parseCliArgs(["--stack-api-version", "2.36.0"]).options.stackApiVersion).toBe("2.36.0");
    expect(() => parseCliArgs(["--stack-api-version", "3"])).toThrow(/--stack-api-version: unknown version 3/);
  });

  it("prints the generation at start and names the default in the help", () => {
    const settings = describeSettings(resolveOptions({ stackApiVersion: "2.36.0" }), { keySecret: false, stackToken: false });
    expect(settings.filter((line) => /^ {2}stack api version {2,}2\.36\.0$/.test(line))).toHaveLength(1);
    expect(USAGE).toMatch(/--stack-api-version V[^]*default 2\.36\.0, the current server/);
  });
});

describe("the same request, each generation's answer", () => {
  it("a contract-form dashboard: stored with its series on 2.0.0, refused for its missing sourceId on 2.36.0", async () => {
    const old = await call("2.0.0", "POST", "/dashboards", { name: "d", tiles: [contractTile] });
    expect(old.status).toBe(200);
    expect(old.json.data.tiles[0].series[0]).toMatchObject({ dataSource: "events" });
    const current = await call("2.36.0", "POST", "/dashboards", { name: "d", tiles: [contractTile] });
    expect(current.status).toBe(400);
    expect(current.json.message).toContain("tiles.0.series.0.sourceId: Required");
  });

  it("a sourceId series: refused on 2.0.0, read back as config on 2.36.0", async () => {
    const sourceId = (await call("2.36.0", "GET", "/sources")).json.data[0].id;
    const tile = { name: "a", x: 0, y: 0, w: 6, h: 4, series: [{ type: "number", sourceId, aggFn: "count", where: "" }] };
    expect((await call("2.0.0", "POST", "/dashboards", { name: "d", tiles: [tile] })).json.message).toContain("tiles.0.series.0.dataSource: Required");
    const current = await call("2.36.0", "POST", "/dashboards", { name: "d", tiles: [tile] });
    expect(current.json.data.tiles[0]).not.toHaveProperty("series");
    expect(current.json.data.tiles[0].config).toMatchObject({ displayType: "number", sourceId });
  });

  const table: Array<[string, (v: string) => Promise<{ status: number; text: string }>, { status: number; text: RegExp }, { status: number; text: RegExp }]> = [
    [
      "GET of a missing dashboard",
      (v) => call(v, "GET", `/dashboards/${NO_SUCH}`),
      { status: 404, text: /^\{"message":"Dashboard not found"\}$/ },
      { status: 404, text: /^Not Found$/ },
    ],
    [
      "DELETE of a missing dashboard",
      (v) => call(v, "DELETE", `/dashboards/${NO_SUCH}`),
      { status: 404, text: /Dashboard not found/ },
      { status: 200, text: /^\{\}$/ },
    ],
    [
      "the saved searches route",
      (v) => call(v, "GET", "/saved-searches"),
      { status: 404, text: /<pre>Cannot GET \/api\/v2\/saved-searches<\/pre>/ },
      { status: 200, text: /"meta"/ },
    ],
    [
      "the webhooks route",
      (v) => call(v, "GET", "/webhooks"),
      { status: 404, text: /<pre>Cannot GET \/api\/v2\/webhooks<\/pre>/ },
      { status: 200, text: /65f0c0de00000000000000a1/ },
    ],
    ["the alert list", (v) => call(v, "GET", "/alerts"), { status: 200, text: /^\{"data":\[[^\]]*\]\}$/ }, { status: 200, text: /"meta":\{"total":/ }],
  ];
  it.each(table)("%s", async (_label, send, old, current) => {
    for (const [version, expected] of [
      ["2.0.0", old],
      ["2.36.0", current],
    ] as const) {
      const answer = await send(version);
      expect(answer.status, version).toBe(expected.status);
      expect(answer.text, version).toMatch(expected.text);
    }
  });

  it("a new tile alert: inactive naming team/dashboard on 2.0.0, OK naming teamId/dashboardId on 2.36.0", async () => {
    const answers: Record<string, Record<string, unknown>> = {};
    for (const version of ["2.0.0", "2.36.0"]) {
      const sourceId = (await call(version, "GET", "/sources")).json.data[0].id;
      const series =
        version === "2.0.0" ? [{ type: "time", dataSource: "events", aggFn: "count" }] : [{ type: "time", sourceId, aggFn: "count", where: "", groupBy: [] }];
      const d = (await call(version, "POST", "/dashboards", { name: "al", tiles: [{ name: "a", x: 0, y: 0, w: 6, h: 4, series }] })).json.data;
      const alert = await call(version, "POST", "/alerts", {
        source: "tile",
        dashboardId: d.id,
        tileId: d.tiles[0].id,
        threshold: 1,
        thresholdType: "above",
        interval: "5m",
        channel: { type: "webhook", webhookId: "65f0c0de00000000000000a1" },
      });
      expect(alert.status, version).toBe(200);
      answers[version] = alert.json.data;
    }
    expect(answers["2.0.0"]).toMatchObject({ state: "inactive", silenced: false, team: expect.any(String), dashboard: expect.any(String) });
    expect(answers["2.0.0"]).not.toHaveProperty("channels");
    expect(answers["2.36.0"]).toMatchObject({ state: "OK", teamId: expect.any(String), dashboardId: expect.any(String), channels: [expect.any(Object)] });
    expect(answers["2.36.0"]).not.toHaveProperty("silenced");
    expect(answers["2.36.0"]).not.toHaveProperty("team");
  });

  it("dashboards listed in creation order on 2.0.0, by name descending on 2.36.0", async () => {
    const orders: Record<string, string[]> = {};
    for (const version of ["2.0.0", "2.36.0"]) {
      for (const name of ["b-order", "c-order", "a-order"]) await call(version, "POST", "/dashboards", { name, tiles: [] });
      orders[version] = (await call(version, "GET", "/dashboards")).json.data.map((d: { name: string }) => d.name).filter((n: string) => n.endsWith("-order"));
    }
    expect(orders).toEqual({ "2.0.0": ["b-order", "c-order", "a-order"], "2.36.0": ["c-order", "b-order", "a-order"] });
  });

  it("an alert's state and silence forced through the control API read back in each generation's form", async () => {
    const forms = {
      "2.0.0": {
        change: { state: "active", silenced: true },
        read: { state: "active", silenced: true },
        refused: { silenced: { at: "2026-01-01T00:00:00.000Z" } },
      },
      "2.36.0": {
        change: { state: "ALERT", silenced: { by: "65f0c0de0000000000000009", at: "2026-01-01T00:00:00.000Z", until: "2026-01-02T00:00:00.000Z" } },
        read: { state: "ALERT", silenced: { by: "65f0c0de0000000000000009", at: "2026-01-01T00:00:00.000Z", until: "2026-01-02T00:00:00.000Z" } },
        refused: { state: "inactive" },
      },
    };
    for (const [version, form] of Object.entries(forms)) {
      const alert = (await call(version, "GET", "/alerts")).json.data[0];
      expect(alert, version).toBeDefined();
      const emulator = emulators[version];
      expect((await control(emulator, "POST", `/alerts/${alert.id}/state`, form.change)).status, version).toBe(200);
      expect((await call(version, "GET", `/alerts/${alert.id}`)).json.data, version).toMatchObject(form.read);
      expect((await control(emulator, "POST", `/alerts/${alert.id}/state`, form.refused)).status, version).toBe(400);
    }
    expect((await control(emulators["2.36.0"], "POST", `/alerts/${NO_SUCH}/state`, { state: "OK" })).status).toBe(404);
  });
});
