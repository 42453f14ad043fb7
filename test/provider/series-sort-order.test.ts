/**
 * A table series' `sortOrder` (issue 26): a current stack server (2.36.0) drops it without a
 * `field` and never answers it with one, so drift in it cannot be seen. Without `field` it is
 * refused before any write, with its property path; with one the preview says it is write-only.
 * A 2.0.0 server has no series `sortOrder` and drops it always: refused there in every series.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { dashboardEngine as dashboardImpl } from "../support/engines";
import { STACK_VERSIONS, surfaceOf, useTarget } from "../support/stack-targets";
import { checked, up } from "../support/engine-run";
import { stackCase, startGenerations } from "../support/stack-generations";
import { rawJson } from "../support/raw-api";
import { setProgressSink } from "../../provider/progress/report";

const emulators = startGenerations();

describe.each(STACK_VERSIONS)("a table series' sortOrder on a %s server", (version) => {
  const { emulator: current, dashboardInputs, tile, series } = stackCase(emulators, version, "server", { reset: true });
  let emulator: Emulator;
  let warned: string[] = [];
  beforeEach(() => {
    emulator = current();
    useTarget("server", emulator);
    warned = [];
    setProgressSink((message, _urn, severity) => severity === "warning" && warned.push(message));
  });
  afterEach(() => setProgressSink(undefined));

  const table = (over: Record<string, unknown>) =>
    tile("Top routes", { x: 12, series: [series({ type: "table", groupBy: ["route"], sortOrder: "asc", ...over })] });
  const board = (over: Record<string, unknown>) => dashboardInputs({ tiles: [...dashboardInputs().tiles, table(over)] });
  const posts = () =>
    Object.entries(emulator.control.stats().byRoute)
      .filter(([route]) => route.startsWith("POST ") && route.endsWith("/dashboards"))
      .reduce((n, [, count]) => n + count, 0);

  const refusal = {
    "2.0.0":
      "tiles[2].series[0].sortOrder: a first-generation stack server (API 2.0) has no series `sortOrder` and drops it, so it would have no effect while the state kept it; remove `sortOrder`, or use a current server",
    "2.36.0":
      "tiles[2].series[0].sortOrder: a current stack server (API 2.36) drops `sortOrder` from a series without `field`, so it would have no effect while the state kept it; give the series a `field`, or remove `sortOrder`",
  };

  it("without field: refused before any write, with its path (the server would drop it), by check (the preview) and by create", async () => {
    emulator.control.resetStats();
    // Issue 33, item 6: the check of a create refuses what its create would, so the preview fails as the `up` would.
    const check = await dashboardImpl.check({}, board({}));
    expect(check.failures).toEqual([{ property: "", reason: refusal[version] }]);
    // And the create itself (an `up --skip-preview` whose check ran elsewhere) still refuses.
    const err = (await dashboardImpl.create(board({})).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(refusal[version]);
    expect(posts(), "refused before any write").toBe(0);
    // The witness: the server does drop it.
    const raw = board({});
    raw.tiles = raw.tiles.map((t: Record<string, any>) => ({ ...t, series: t.series.map((x: Record<string, any>) => ({ where: "", groupBy: [], ...x })) }));
    const sent = await rawJson(emulator, surfaceOf("server"), "POST", "/dashboards", raw);
    expect(JSON.stringify(sent)).not.toContain("sortOrder");
  });

  it("with field: on a current server taken, never answered, and the preview says it is write-only", async () => {
    if (version === "2.0.0") {
      const check = await dashboardImpl.check({}, board({ aggFn: "avg", field: "duration" }));
      expect(check.failures?.[0]?.reason).toMatch(/^tiles\[2\]\.series\[0\]\.sortOrder: a first-generation stack server/);
      return;
    }
    const made = await up(dashboardImpl, board({ aggFn: "avg", field: "duration" }));
    const answered = await rawJson(emulator, surfaceOf("server"), "GET", `/dashboards/${made.id}`);
    const diff = await dashboardImpl.diff(made.id, made.outs, await checked(dashboardImpl, board({ aggFn: "avg", field: "duration" })));
    expect(diff.changes).toBe(false);
    expect(JSON.stringify(answered), "the 2.36.0 server never answers sortOrder").not.toContain("sortOrder");
    expect(warned).toEqual([
      `dashboard ${made.id}: tiles[2].series[0].sortOrder: a current stack server (API 2.36) takes \`sortOrder\` but never answers it: it is write-only, so a change made outside Pulumi cannot be seen`,
    ]);
  });
});
