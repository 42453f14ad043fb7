import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";

/**
 * Issue 33, item 6, through the real CLI: a new dashboard whose table series sets `sortOrder`
 * without `field` (a 2.36.0 server drops it, so `up` refuses it) among four other new resources.
 * What `up` would refuse, `preview` refuses: the preview fails naming the property, and the
 * previewing `up` stops before anything is created.
 */
describe("a create refused by up is refused by preview", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    stack = await E2EStack.open({
      program: "test/e2e/programs/create-refusals",
      stackServer: true,
      config: { sortOrder: "true" },
      emulator: { stackApiVersion: "2.36.0" },
    });
  }, 300_000);
  afterAll(() => stack?.close());

  const writes = () => Object.entries(stack.emulator.control.stats().byRoute).filter(([route]) => !route.startsWith("GET "));
  const made = () => {
    const s = storedStack(stack.emulator, "server");
    return s.dashboards.length + s.savedSearches.length;
  };

  it("preview fails naming the sortOrder, and up creates nothing", async () => {
    stack.emulator.control.resetStats();
    const before = made();
    const preview = await stack.pulumi(["preview"]);
    const said = preview.stdout + preview.stderr;
    expect(preview.code, said).not.toBe(0);
    expect(said).toContain("tiles[0].series[0].sortOrder: a current stack server (API 2.36) drops `sortOrder` from a series without `field`");
    expect(said).toContain("routes");
    const up = await stack.pulumi(["up", "--yes"]);
    expect(up.code).not.toBe(0);
    expect(writes(), "no write at all").toEqual([]);
    expect(made()).toBe(before);

    // Without the sortOrder the same program goes through.
    await stack.setConfig("sortOrder", "false");
    await stack.up();
    expect(made()).toBe(before + 5);
    await stack.destroy();
  }, 300_000);
});
