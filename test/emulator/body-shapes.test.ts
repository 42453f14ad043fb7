/** The emulator keeps the key paths of JSON request bodies (never their values), for wire tests. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { keyPaths } from "../../emulator/body-shapes";
import { startTestEmulator } from "../support/emulator";
import { rawJson } from "../support/raw-api";

describe("keyPaths", () => {
  it.each([
    [{ a: 1, b: { c: null } }, ["a", "b", "b.c"]],
    [{ tiles: [{ series: [{ aggFn: "count" }] }, { config: {} }] }, ["tiles", "tiles[].config", "tiles[].series", "tiles[].series[].aggFn"]],
    [[{ x: 1 }], ["[].x"]],
    ["text", []],
  ])("%j", (value, paths) => expect(keyPaths(value)).toEqual(paths));
});

describe("GET /__emulator/bodies", () => {
  let emulator: Emulator;
  beforeAll(async () => (emulator = await startTestEmulator({ stackApiVersion: "2.36.0" })));
  afterAll(() => emulator.close());

  it("lists each JSON body's route and key paths, holds no value, and is cleared with the stats", async () => {
    await rawJson(emulator, "stack-server", "POST", "/dashboards", { name: "secret-looking-name-4417", tiles: [], tags: ["t"] });
    const answer = (await (await fetch(`${emulator.url}/__emulator/bodies`)).json()) as { bodies: unknown[] };
    expect(answer.bodies).toEqual([{ method: "POST", route: "POST /api/v2/dashboards", paths: ["name", "tags", "tiles"] }]);
    expect(JSON.stringify(answer)).not.toContain("secret-looking-name-4417");
    emulator.control.resetStats();
    expect(emulator.control.bodies()).toEqual([]);
  });
});
