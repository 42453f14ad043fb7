import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";
import { BROKEN, startBrokenServer, type BrokenKind, type BrokenServer } from "../support/broken-server";

/**
 * A wrong URL never empties the state (issue 19, item 2), through the real CLI: one resource of
 * every kind (a pipe, an endpoint, a dashboard, an alert and a saved search on the open-source
 * server, a dashboard through the cloud proxy) is deployed on the emulator; then
 * `pipestack:apiUrl` and `pipestack:stackUrl` (config, and the stackUrl the state pinned) point
 * at a server that answers a JSON 404, a 200 HTML page or `{}` to everything. `pulumi refresh`
 * and `pulumi destroy` must fail, keep every resource in state and every object on the emulator.
 */
describe("refresh and destroy against a server that is not the API", () => {
  let stack: E2EStack;
  const brokenServers: BrokenServer[] = [];
  const importState = (file: string) => stack.must(["stack", "import", "--file", file, "--stack", stack.stack, "--cwd", stack.programDir], false);

  beforeAll(async () => {
    stack = await E2EStack.open({
      program: "test/e2e/programs/wrong-url",
      stackServer: true,
      config: { webhookId: SEEDED_WEBHOOK_ID },
      emulator: { stackApiVersion: "2.36.0" },
    });
    await stack.setConfig("organizationId", stack.emulator.options.organizationId);
    await stack.setConfig("serviceId", stack.emulator.options.serviceId);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(brokenServers.map((b) => b.close()));
    await stack?.close();
  });

  it("keeps every resource in state and every object on the emulator, for each kind of wrong answer", async () => {
    await stack.up();
    const original = await stack.exportState();
    const objects = stack.storedObjects();
    expect(objects, "pipe, endpoint, 2 dashboards, alert, saved search").toBe(6);
    const resourcesBefore = original.resources.length;

    for (const kind of ["JSON 404", "200 HTML", "200 {}"] as BrokenKind[]) {
      const broken = await startBrokenServer(BROKEN[kind]);
      brokenServers.push(broken);
      const moved = original.text.split(JSON.stringify(stack.emulator.url)).join(JSON.stringify(broken.url));
      expect(moved, "the state pins the stack server's URL").not.toBe(original.text);
      const file = path.join(stack.tmp, "broken-state.json");
      fs.writeFileSync(file, moved);
      await importState(file);
      await stack.setConfig("pipestack:apiUrl", broken.url);
      await stack.setConfig("pipestack:stackUrl", broken.url);

      for (const args of [
        ["refresh", "--yes"],
        // Every resource that does not wait for a failed one is tried, so every kind meets the wrong URL.
        ["destroy", "--yes", "--continue-on-error"],
      ]) {
        const asked = broken.requests.length;
        const run = await stack.pulumi(args);
        const said = run.stdout + run.stderr;
        expect(run.code, `${kind}: pulumi ${args[0]} must fail\n${said}`).not.toBe(0);
        expect(said, `${kind}: ${args[0]} names the cloud setting`).toMatch(/pipestack:apiUrl/);
        expect(said, `${kind}: ${args[0]} names the stack server setting`).toMatch(/pipestack:stackUrl/);
        expect(said, `${kind}: ${args[0]} says the state was kept`).toContain("Nothing in the state was changed.");
        expect(broken.requests.length, `${kind}: the broken server was asked`).toBeGreaterThan(asked);
        expect((await stack.exportState()).resources.length, `${kind}: ${args[0]} kept every resource`).toBe(resourcesBefore);
        expect(stack.storedObjects(), `${kind}: ${args[0]} left every object`).toBe(objects);
      }
    }

    // Back to the right URLs: everything is still managed, and goes away on destroy.
    const back = path.join(stack.tmp, "original-state.json");
    fs.writeFileSync(back, original.text);
    await importState(back);
    await stack.setConfig("pipestack:apiUrl", stack.emulator.url);
    await stack.setConfig("pipestack:stackUrl", stack.emulator.url);
    await stack.expectNoChanges();
    await stack.destroy();
    expect(stack.storedObjects()).toBe(0);
  }, 600_000);
});
