/**
 * What a program stores for a StackDashboard or StackAlert: the compiled resource classes (as
 * users load them) under Pulumi's mocks, with both credentials in the program's environment.
 * The stored provider text must be the thin shim, and no input may carry a credential.
 */
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const load = createRequire(resolve(__dirname, "../../package.json"));
const pulumi = load("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
const pkg = load("./dist/provider/index.js") as typeof import("../../provider/index");

const TOKEN = "stack-token-serialization-5521";
const KEY_SECRET = "key-secret-serialization-5521";

type Registered = { type: string; name: string; inputs: Record<string, any> };
const registered: Registered[] = [];
const saved = { ...process.env };

beforeAll(() => {
  process.env.PIPESTACK_STACK_TOKEN = TOKEN;
  process.env.PIPESTACK_KEY_SECRET = KEY_SECRET;
  process.env.PIPESTACK_STACK_URL = "http://127.0.0.1:9";
  void pulumi.runtime.setMocks(
    {
      newResource: (a) => {
        registered.push({ type: a.type, name: a.name, inputs: a.inputs });
        return { id: `${a.name}-id`, state: { ...a.inputs, tileIds: { Errors: "tile-1" } } };
      },
      call: (a) => a.inputs,
    },
    "project",
    "stack",
    false,
  );
});
afterAll(() => {
  for (const k of ["PIPESTACK_STACK_TOKEN", "PIPESTACK_KEY_SECRET", "PIPESTACK_STACK_URL"]) delete process.env[k];
  Object.assign(process.env, saved);
});

/** Waits for the mocked engine to register a resource of that name. */
async function registration(name: string): Promise<Registered> {
  for (let i = 0; i < 200; i++) {
    const found = registered.find((r) => r.name === name);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${name} was never registered`);
}

describe("StackDashboard, StackAlert and StackSavedSearch as a program stores them", () => {
  it("stores the thin shim and no credential", async () => {
    const board = new pkg.StackDashboard("board", {
      tiles: [{ name: "Errors", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count" }] }],
    });
    new pkg.StackAlert("alert", {
      source: "tile",
      dashboardId: board.id,
      tileId: board.tileIds["Errors"],
      threshold: 1,
      thresholdType: "above",
      interval: "5m",
      channel: { type: "webhook", webhookId: "hook" },
    });
    new pkg.StackSavedSearch("search", { sourceId: "65f0c0de0000000000000002", where: "level:error" });
    const dashboard = await registration("board");
    const alert = await registration("alert");
    const search = await registration("search");

    expect([dashboard.type, alert.type]).toEqual(["pulumi-nodejs:dynamic/pipestack:StackDashboard", "pulumi-nodejs:dynamic/pipestack:StackAlert"]);
    expect(search.type).toBe("pulumi-nodejs:dynamic/pipestack:StackSavedSearch");
    for (const [r, engine] of [
      [dashboard, "stack-dashboard"],
      [alert, "stack-alert"],
      [search, "stack-saved-search"],
    ] as const) {
      const text: string = r.inputs.__provider;
      expect(typeof text).toBe("string");
      expect(text.length, `${engine} provider text`).toBeLessThanOrEqual(2048);
      expect(text).toContain(`"pulumi-pipestack/engine/${engine}"`);
      expect(text).not.toMatch(/require\("(undici|zod)/);
      const all = JSON.stringify(r.inputs);
      expect(all).not.toContain(TOKEN);
      expect(all).not.toContain(KEY_SECRET);
    }
    expect(dashboard.inputs.name, "the name defaults to the resource name").toBe("board");
    expect(alert.inputs.tileId, "the alert reads the dashboard's tileIds").toBe("tile-1");
  });
});

describe("the engine modules the shims require", () => {
  it.each(["stack-dashboard", "stack-alert"])("%s: the package's exports name it, with every method the shim calls", (engine) => {
    const exportsMap = load("./package.json").exports as Record<string, string>;
    expect(exportsMap[`./engine/${engine}`]).toBe(`./dist/provider/resources/${engine}/engine.js`);
    expect(load.resolve(`pulumi-pipestack/engine/${engine}`)).toMatch(new RegExp(`dist/provider/resources/${engine}/engine\\.js$`));
    const impl = load(`pulumi-pipestack/engine/${engine}`);
    for (const method of ["configure", "check", "diff", "create", "read", "update", "delete"]) {
      expect(typeof impl.provider[method], method).toBe("function");
    }
  });
});
