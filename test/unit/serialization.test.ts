import { createRequire } from "node:module";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

// The compiled package, loaded as users load it: under vitest the TypeScript source would be
// rewritten into objects that serialize by value, which is not what users get.
const load = createRequire(resolve(__dirname, "../../package.json"));
const pulumi = load("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
const { shim } = load("./dist/provider/resources/shim.js") as typeof import("../../provider/resources/shim");

const SECRET = "serialization-test-secret-value-7781";

/** The text the dynamic-resource base class stores in `__provider` for a provider object. */
async function serialized(engine: "pipe" | "stack-dashboard" | "stack-alert"): Promise<string> {
  const provider = shim(engine);
  const { text } = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: false });
  return text;
}

describe("serialized provider", () => {
  beforeAll(() => {
    // Settings present in the program's environment must not be captured.
    process.env.PIPESTACK_KEY_SECRET = SECRET;
    process.env.PIPESTACK_STACK_TOKEN = SECRET;
  });

  it.each(["pipe", "stack-dashboard", "stack-alert"] as const)("%s: small, requires the installed engine, captures nothing", async (engine) => {
    const text = await serialized(engine);
    expect(text.length).toBeLessThanOrEqual(2048);
    expect(text).toContain(`"pulumi-pipestack/engine/${engine}"`);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/require\("(undici|zod)/);
    expect(text).not.toMatch(/emulator-key-secret/);
    // No captured module or client: only the path string and the delegating methods.
    expect(text).not.toMatch(/__f\d+ = require|class ApiClient|Agent\(/);
  });

  it("the engine module path the shim names is exported by the package", () => {
    for (const engine of ["pipe"]) {
      const resolved = load.resolve(`pulumi-pipestack/engine/${engine}`);
      expect(resolved).toMatch(new RegExp(`dist/provider/impl/${engine}\\.js$`));
      expect(typeof load(`pulumi-pipestack/engine/${engine}`).provider.create).toBe("function");
    }
  });
});
