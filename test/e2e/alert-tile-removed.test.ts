import * as path from "node:path";
import { describe, expect, it } from "vitest";
import type { ExportedResource } from "./harness";
import { packageSchema } from "./package-schema";
import { FACES, named, tileAlertStack, type Face } from "./tile-alert-stack";

/**
 * Issue 18, item 2, and issue 33, item 7, through the real CLI with `up --skip-preview` (no
 * preview to stop it), on both faces: the program's resource classes, and the same resources by
 * their type tokens on the native provider plugin (`face: native` of the program). The dashboard
 * loses its "Errors" tile while the program keeps the tile alerts on it, by `tile` and by
 * `tileId`. The dashboard's update keeps the watched tile on the server (in its `pendingTiles`
 * output, which the plugin's schema declares), so no alert is deleted; the alerts are refused
 * before any write of their own, and `preview --expect-no-changes` does not pass. Removed from the
 * program, the alerts are deleted (their deletes write nothing else); the tile, still pending, goes
 * at the next `up`, and the preview after it is clean. One server generation (the CLI run is the
 * cost): the provider tests (dashboard-pending-tiles) cover both.
 */

/** A kind's type token in state, on each face. */
const TYPE: Record<Face, (kind: string) => string> = {
  dynamic: (kind) => `pulumi-nodejs:dynamic/pipestack:${kind}`,
  native: (kind) => `pipestack:index:${kind}`,
};

/** The dashboard of the program in an exported state. */
const boardOf = (resources: ExportedResource[]): ExportedResource => named(resources, "board");

describe.each(FACES)("%s face, on a 2.36.0 stack server", (face) => {
  const s = tileAlertStack(face);
  const rule = "a tile removed from its dashboard takes its alerts with it";
  const server = s.server;

  it("up --skip-preview keeps tile and alerts while the program keeps the alerts; removed from the program, the alerts go, then the tile at the next up", async () => {
    const stack = s.stack();
    await stack.up();
    const alerts = server()
      .alerts.map((a) => a.id)
      .sort();
    expect(alerts).toHaveLength(2);
    const errorsTile = server().dashboards[0].tiles.find((t: { name: string }) => t.name === "Errors")!.id as string;

    await stack.setConfig("dropErrors", "true");
    const failed = await stack.pulumi(["up", "--yes", "--skip-preview"]);
    const said = failed.stdout + failed.stderr;
    expect(failed.code, `the up must fail, not report success:\n${said}`).not.toBe(0);
    expect(said).toContain(rule);
    expect(said).toMatch(/which alert \w+ \("[^"]*"\) watches: .*so the update keeps the tile on the server until the alert is deleted/);
    expect(said).toContain(`tile "Errors" (${errorsTile}) stays on the server, pending removal, while alerts `);
    expect(
      server()
        .alerts.map((a) => a.id)
        .sort(),
      "no alert deleted",
    ).toEqual(alerts);
    expect(server().dashboards[0].tiles, "the watched tile kept").toHaveLength(2);
    // The dashboard's update went through: its outputs hold the kept tile apart from the program's.
    const { resources } = await stack.exportState();
    const types = ["board", "by-name", "by-id"].map((name) => resources.find((r) => r.urn.endsWith(`::${name}`))?.type);
    expect(types, "each resource on the face under test").toEqual(["StackDashboard", "StackAlert", "StackAlert"].map((t) => TYPE[face](t)));
    const board = boardOf(resources).outputs!;
    expect(board.tiles.map((t: { key: string }) => t.key)).toEqual(["Volume"]);
    expect(board.tileIds).not.toHaveProperty("Errors");
    expect(board.pendingTiles.map((t: { key: string; id: string }) => [t.key, t.id])).toEqual([["Errors", errorsTile]]);
    if (face === "native") {
      // Every output the plugin wrote is one its schema declares, so SDKs (and YAML) can read it.
      const schema = JSON.parse(await packageSchema(path.join(stack.tmp, "schema-home"))) as {
        resources: Record<string, { properties: Record<string, unknown>; required: string[] }>;
      };
      for (const [name, type] of [
        ["board", "StackDashboard"],
        ["by-name", "StackAlert"],
        ["by-id", "StackAlert"],
      ]) {
        const outputs = resources.find((r) => r.urn.endsWith(`::${name}`))!.outputs!;
        const spec = schema.resources[`pipestack:index:${type}`];
        expect(
          Object.keys(outputs).filter((k) => k !== "id" && !(k in spec.properties)),
          `${name}: undeclared outputs`,
        ).toEqual([]);
        // SDKs type a required output as always set: each must be in the state.
        expect(
          spec.required.filter((k) => outputs[k] == null),
          `${name}: required outputs missing`,
        ).toEqual([]);
      }
    }
    const clean = await stack.pulumi(["preview", "--expect-no-changes"]);
    expect(clean.code, "the removal still shows").not.toBe(0);

    // The program drops both alerts: the `up` deletes them and writes nothing else; the tile,
    // pending, goes at the next `up`.
    await stack.must(["config", "set-all", "--plaintext", "byId=false", "--plaintext", "byName=false"]);
    await stack.must(["up", "--yes", "--skip-preview"]);
    expect(server().alerts).toHaveLength(0);
    expect(server().dashboards[0].tiles.map((t: { id: string }) => t.id)).toContain(errorsTile);
    await stack.must(["up", "--yes", "--skip-preview"]);
    expect(server().dashboards[0].tiles.map((t: { name: string }) => t.name)).toEqual(["Volume"]);
    await stack.expectNoChanges();
    await stack.destroy();
    expect(stack.storedObjects()).toBe(0);
  }, 600_000);
});
