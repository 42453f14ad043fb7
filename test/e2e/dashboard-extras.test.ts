/**
 * Dashboard fields only current servers keep, through the real CLI: on a current server
 * (2.36.0) `filters`, `savedQuery`, `savedQueryLanguage`, `savedFilterValues` and `containers`
 * (with a tile in a container tab, and a series `field: ""`) are stored and preview no change
 * after `up`; on a first-generation server (2.0.0), which would drop them, the `up` fails naming
 * them and nothing is created.
 */
import { afterAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";

const stacks: E2EStack[] = [];
afterAll(() => Promise.all(stacks.map((s) => s.close())));

async function open(version: "2.0.0" | "2.36.0"): Promise<E2EStack> {
  const stack = await E2EStack.open({ program: "test/e2e/programs/dashboard-extras", emulator: { stackApiVersion: version } });
  stacks.push(stack);
  await stack.setConfig("sourceId", storedStack(stack.emulator, "cloud").sources[0].id);
  return stack;
}

describe("dashboard extras end to end", () => {
  it("a current server keeps them all and previews no change after up", async () => {
    const stack = await open("2.36.0");
    await stack.up();
    const [board] = storedStack(stack.emulator, "cloud").dashboards;
    expect(board.filters.map((f: { name: string }) => f.name)).toEqual(["Service"]);
    expect([board.savedQuery, board.savedQueryLanguage]).toEqual(["level:error", "lucene"]);
    expect(board.savedFilterValues).toEqual([{ type: "sql", condition: "ServiceName IN ('checkout')" }]);
    expect(board.containers.map((c: { id: string }) => c.id)).toEqual(["errors"]);
    expect([board.tiles[0].containerId, board.tiles[0].tabId]).toEqual(["errors", "by-service"]);
    await stack.expectNoChanges();
  }, 240_000);

  it("a first-generation server: the up fails naming them, and creates nothing", async () => {
    const stack = await open("2.0.0");
    const run = await stack.pulumi(["up", "--yes", "--skip-preview"]);
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(
      "first generation of the stack API, which has no dashboard filters, savedQuery, savedQueryLanguage, savedFilterValues, containers",
    );
    expect(storedStack(stack.emulator, "cloud").dashboards).toHaveLength(0);
  }, 240_000);
});
