import { createRequire } from "node:module";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

// The compiled package, loaded as users load it: under vitest the TypeScript source would be
// rewritten into objects that serialize by value, which is not what users get.
const load = createRequire(resolve(__dirname, "../../package.json"));
const { providerText } = load("./dist/provider/resource-class/shim.js") as typeof import("../../provider/resource-class/shim");

const SECRET = "serialization-test-secret-value-7781";

/** The stored text of every resource is at most this many bytes (2027 with one closure per method, 556 serialized from one object, issue 45). */
const MAX_TEXT_BYTES = 100;
const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"];

/** The text a resource class stores in `__provider` for an engine. */
async function serialized(engine: "pipe" | "stack-dashboard" | "stack-alert"): Promise<string> {
  return providerText(engine);
}

describe("serialized provider", () => {
  beforeAll(() => {
    // Settings present in the program's environment must not be captured.
    process.env.PIPESTACK_KEY_SECRET = SECRET;
    process.env.PIPESTACK_STACK_TOKEN = SECRET;
  });

  it.each(["pipe", "stack-dashboard", "stack-alert"] as const)("%s: small, requires the installed engine, captures nothing", async (engine) => {
    const text = await serialized(engine);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_TEXT_BYTES);
    expect(text).toContain(`"pulumi-pipestack/engine/${engine}"`);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/require\("(undici|zod)/);
    expect(text).not.toMatch(/emulator-key-secret/);
    // No captured module or client: only the path string and the delegating methods.
    expect(text).not.toMatch(/__f\d+ = require|class ApiClient|Agent\(/);
  });

  it.each(["pipe", "stack-dashboard", "stack-alert"] as const)(
    "%s: loaded as the dynamic-provider process loads it, configure brings every method of the installed engine",
    async (engine) => {
      // What the provider process does with the stored text: require it from a string, call
      // `handler()`, then `configure` once before any other method.
      const requireFromString = load(load.resolve("require-from-string", { paths: [load.resolve("@pulumi/pulumi")] })) as (code: string) => {
        handler(): Record<string, any>;
      };
      const provider = requireFromString(await serialized(engine)).handler();
      const engineProvider = load(`pulumi-pipestack/engine/${engine}`).provider as Record<string, unknown>;
      await provider.configure({ config: { get: () => undefined } });
      for (const method of METHODS) expect(provider[method], `${engine}.${method} after configure`).toBe(engineProvider[method]);
    },
  );

  it("every shim of a provider process reaches one engine module instance, so the run's shared reads are one per process", async () => {
    const requireFromString = load(load.resolve("require-from-string", { paths: [load.resolve("@pulumi/pulumi")] })) as (code: string) => {
      handler(): Record<string, any>;
    };
    // Each resource carries its own copy of the text: the process requires each, as for 2 pipes and a dashboard.
    for (const engine of ["pipe", "pipe", "stack-dashboard"] as const) {
      await requireFromString(await serialized(engine))
        .handler()
        .configure({ config: { get: () => undefined } });
    }
    const loaded = Object.keys(load.cache).filter((file) => /dist[\\/]provider[\\/]engine[\\/]shared-list\.js$/.test(file));
    expect(loaded, "one instance of the shared reads' module (provider/engine/shared-list.ts)").toHaveLength(1);
  });

  it("the engine module path the shim names is exported by the package", () => {
    for (const engine of ["pipe"]) {
      const resolved = load.resolve(`pulumi-pipestack/engine/${engine}`);
      expect(resolved).toMatch(new RegExp(`dist/provider/resources/${engine}/engine\\.js$`));
      expect(typeof load(`pulumi-pipestack/engine/${engine}`).provider.create).toBe("function");
    }
  });
});
