import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { E2EStack, repoRoot } from "./harness";

/**
 * The package as users get it: `npm pack`, installed into a project outside the checkout, used
 * by a program through the real CLI. This is what proves the serialized shim's
 * `require("pulumi-pipestack/engine/<resource>")` resolves from an installed copy (the other
 * end-to-end tests use the checkout through a link), and that the emulator package installs
 * beside it with its `pipestack-emulator` command.
 */
const PASSWORD = "installed-package-password-5521";
let project: string;
let stack: E2EStack;

async function run(cmd: string, args: string[], cwd: string): Promise<string> {
  const r = await runProcess(cmd, args, { cwd });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

beforeAll(async () => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-installed-"));
  // Both packages of the repository: the provider and the emulator (its own workspace package).
  const tarballs: string[] = [];
  for (const dir of [repoRoot, path.join(repoRoot, "packages", "pipestack-emulator")])
    tarballs.push((await run("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", project], dir)).trim().split("\n").pop()!);
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "installed-user", private: true }));
  // The SDK and TypeScript the user already has: taken from the checkout, so only the package
  // and its own dependencies are installed.
  fs.mkdirSync(path.join(project, "node_modules", "@pulumi"), { recursive: true });
  fs.symlinkSync(path.join(repoRoot, "node_modules", "@pulumi", "pulumi"), path.join(project, "node_modules", "@pulumi", "pulumi"));
  fs.symlinkSync(path.join(repoRoot, "node_modules", "typescript"), path.join(project, "node_modules", "typescript"));
  await run("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--ignore-scripts", ...tarballs.map((t) => `./${t}`)], project);
  fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: installed-user\nruntime: nodejs\nmain: index.ts\n");
  fs.writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "nodenext", moduleResolution: "nodenext", skipLibCheck: true } }),
  );
  fs.writeFileSync(
    path.join(project, "index.ts"),
    `import * as pulumi from "@pulumi/pulumi";
import { Pipe, StackDashboard, getReversePrivateEndpointsOutput } from "pulumi-pipestack";
const cfg = new pulumi.Config();
const ready = getReversePrivateEndpointsOutput({ status: "Ready" });
const pipe = new Pipe("events", {
  source: { kafka: { brokers: "b:9092", topics: "t", authentication: "PLAIN",
    credentials: { username: "u", password: cfg.requireSecret("pw") },
    reversePrivateEndpointIds: ready.apply((l) => l.map((e) => e.id)) } },
  destination: { database: "default", table: "t1", managedTable: true, columns: [{ name: "id", type: "String" }] },
  fieldMappings: [{ sourceField: "id", destinationField: "id" }],
});
const board = new StackDashboard("board", { tiles: [{ name: "Errors", x: 0, y: 0, w: 6, h: 3, series: [{ type: "time", dataSource: "events", aggFn: "count" }] }] });
export const state = pipe.state;
export const tileIds = board.tileIds;
`,
  );
  stack = await E2EStack.open({ program: project, secretConfig: { pw: PASSWORD } });
}, 300_000);

afterAll(async () => {
  await stack?.close();
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

describe("the installed package", () => {
  it("resolves its engine from node_modules: up, no changes after, destroy", async () => {
    expect(fs.lstatSync(path.join(project, "node_modules", "pulumi-pipestack")).isSymbolicLink()).toBe(false);
    await stack.up();
    const outputs = await stack.outputs();
    expect(outputs.state).toBe("Running");
    expect(Object.keys(outputs.tileIds as object)).toEqual(["Errors"]);
    expect(stack.pipes()[0].source.reversePrivateEndpointIds.length).toBeGreaterThan(0);
    await stack.expectNoChanges();
    await stack.destroy();
    expect(stack.storedObjects()).toBe(0);
    await stack.assertNoPlaintextSecrets();
  }, 300_000);

  it("runs the emulator package's command as `npx pipestack-emulator`, without downloading", async () => {
    expect(fs.lstatSync(path.join(project, "node_modules", "pipestack-emulator")).isSymbolicLink()).toBe(false);
    expect(await run("npx", ["--no-install", "pipestack-emulator", "--help"], project)).toMatch(/--port/);
  });

  it("runs the provider's command as `npx pipestack-pr-summary`, on a preview's JSON from standard input", async () => {
    const preview = fs.readFileSync(path.join(repoRoot, "test", "unit", "fixtures", "previews", "replace-delete-first.json"), "utf8");
    const r = await runProcess("npx", ["--no-install", "pipestack-pr-summary"], { cwd: project, input: preview });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^### Pulumi preview: 2 to replace, 4 unchanged\n/);
    expect(r.stdout).toContain("**orders (Pipe) is deleted before its replacement is created**");
  });

  it("installs the provider without the emulator's dependencies", () => {
    const provider = JSON.parse(fs.readFileSync(path.join(project, "node_modules", "pulumi-pipestack", "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(provider.dependencies)).not.toContain("ajv");
    expect(fs.existsSync(path.join(project, "node_modules", "pulumi-pipestack", "emulator"))).toBe(false);
  });

  it("serves the native provider plugin from its bin folder (the `plugins.providers` path of a project)", async () => {
    const plugin = path.join(project, "node_modules", "pulumi-pipestack", "bin", "pulumi-resource-pipestack");
    const schema = await stack.must(["package", "get-schema", plugin], false);
    expect(Object.keys((JSON.parse(schema.stdout) as { resources: object }).resources)).toContain("pipestack:index:Pipe");
  });
});
