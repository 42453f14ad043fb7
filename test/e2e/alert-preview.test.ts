import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";
import { STACK_VERSIONS } from "../support/stack-targets";

/**
 * Two things the real CLI shows (issue 8, items 5 and 6), on the open-source server target:
 * an alert naming its tile by name previews unchanged while only its dashboard's layout
 * changes (`preview --json`), where one naming it by `board.tileIds[...]` previews an update;
 * and a state whose stackUrl points at no stack API makes `refresh` and `destroy` fail with a
 * clear message and keep every resource (and every object on the server). On both server
 * generations.
 */
describe.each(STACK_VERSIONS)("on a %s stack server", (version) => {
  let stack: E2EStack;
  const importState = (file: string) => stack.must(["stack", "import", "--file", file, "--stack", stack.stack, "--cwd", stack.programDir], false);

  beforeAll(async () => {
    // The emulated stack's webhook: a current server refuses a channel naming none.
    const config = { webhookId: SEEDED_WEBHOOK_ID };
    stack = await E2EStack.open({ program: "test/e2e/programs/alert-preview", stackServer: true, config, emulator: { stackApiVersion: version } });
  }, 300_000);

  afterAll(() => stack?.close());

  describe("alerts on a dashboard whose layout changes", () => {
    it("up, then a layout-only preview: the alert by tile name is unchanged, the one by tile id is not", async () => {
      await stack.up();
      const { errorsTileId, byNameTileId } = await stack.outputs();
      expect(byNameTileId).toBe(errorsTileId);

      await stack.setConfig("errorsWidth", "6");
      const steps = await stack.previewJson();
      expect(steps["board"]?.op).toBe("update");
      // `preview --json` lists no step for a resource that stays the same.
      expect(steps["by-name"], JSON.stringify(steps["by-name"])).toBeUndefined();
      expect(steps["by-id"]?.op, "the tile id is unknown while its dashboard changes").toBe("update");

      await stack.up();
      expect((await stack.outputs()).byNameTileId).toBe(errorsTileId);
      expect(storedStack(stack.emulator, "server").alerts.map((a) => a.tileId)).toEqual([errorsTileId, errorsTileId]);
      await stack.expectNoChanges();
    }, 300_000);
  });

  describe("a stackUrl that points at no stack API", () => {
    it("refresh and destroy fail naming the URL and stackUrl, and keep the state and the objects", async () => {
      const original = await stack.exportState();
      const moved = original.text.split(JSON.stringify(stack.emulator.url)).join(JSON.stringify(`${stack.emulator.url}/moved`));
      expect(moved).not.toBe(original.text);
      const file = path.join(stack.tmp, "moved-state.json");
      fs.writeFileSync(file, moved);
      await importState(file);
      const resourcesBefore = (await stack.exportState()).resources.length;

      for (const args of [
        ["refresh", "--yes"],
        ["destroy", "--yes"],
      ]) {
        const run = await stack.pulumi(args);
        expect(run.code, `pulumi ${args[0]} must fail`).not.toBe(0);
        expect(run.stdout + run.stderr).toMatch(
          /\/moved\/api\/v2\/(alerts|dashboards)\S* is a 404 too, so the route is missing, not the object: pipestack:stackUrl \(or the resource's stackUrl\) is probably wrong/,
        );
        expect((await stack.exportState()).resources.length, `${args[0]} kept every resource`).toBe(resourcesBefore);
      }
      const { dashboards, alerts } = storedStack(stack.emulator, "server");
      expect([dashboards.length, alerts.length]).toEqual([1, 2]);

      // Back to the right URL: everything is still managed, and goes away on destroy.
      const back = path.join(stack.tmp, "original-state.json");
      fs.writeFileSync(back, original.text);
      await importState(back);
      await stack.expectNoChanges();
      await stack.destroy();
      expect(stack.storedObjects()).toBe(0);
      await stack.assertNoPlaintextSecrets();
    }, 300_000);
  });
});
