/**
 * The README as a new user follows it, on a fresh emulator (its default, current stack server):
 * the by-hand project (its Pulumi.yaml and package.json blocks as written), an `index.ts` of every
 * TypeScript block of the page (imports merged), type-checked with `tsc --strict`, then `pulumi up`
 * and a clean `preview --expect-no-changes`. An example that collides with what the emulator seeds
 * (the webhook `on-call`) or does not compile fails here.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeBlocks, oneProgram } from "../support/doc-blocks";
import { runProcess } from "../support/run-process";
import { E2EStack, repoRoot } from "./harness";
import { yamlHost } from "./yaml-host";

const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
const blocks = codeBlocks(readme);

describe("the README's examples, as written, on a fresh emulator", () => {
  let dir: string;
  let s: E2EStack;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-readme-"));
    const project = blocks.find((b) => b.lang === "yaml" && /^runtime:\n\s+name: nodejs/m.test(b.code));
    const manifest = blocks.find((b) => b.lang === "json" && b.code.includes('"main": "index.ts"'));
    expect(project, "the README's Pulumi.yaml").toBeDefined();
    expect(manifest, "the README's package.json").toBeDefined();
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), project!.code);
    fs.writeFileSync(path.join(dir, "package.json"), manifest!.code);
    fs.writeFileSync(path.join(dir, "index.ts"), oneProgram(blocks.filter((b) => b.lang === "ts")));
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          rootDir: ".",
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: ["node"],
        },
        include: ["index.ts"],
      }),
    );
    // What `npm install` would give: this checkout's node_modules, pulumi-pipestack linked to the build.
    fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
  });
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("has a TypeScript block for each resource kind", () => {
    const code = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
    for (const kind of ["Pipe", "ReversePrivateEndpoint", "StackDashboard", "StackAlert", "StackSavedSearch", "StackWebhook"])
      expect(code).toContain(`new ${kind}(`);
  });

  it("type-checks, strict", async () => {
    const r = await runProcess(process.execPath, [path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", dir]);
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 120_000);

  it("goes up on a fresh emulator, then previews with no change", async () => {
    s = await E2EStack.open({
      program: dir,
      secretConfig: { kafkaPassword: "readme-kafka-pw-31c9", pgPassword: "readme-pg-pw-7e02", webhookToken: "readme-hook-token-95ad" },
      emulator: { stackApiVersion: undefined },
    });
    await s.up();
    const again = await s.pulumi(["preview", "--expect-no-changes"]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    await s.assertNoPlaintextSecrets();
  }, 600_000);
});

describe("the README's YAML program, as written, on a fresh emulator", () => {
  let dir: string;
  let s: E2EStack;
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("goes up on the plugin the README points Pulumi.yaml at, then previews with no change", async () => {
    const program = blocks.find((b) => b.lang === "yaml" && /^runtime: yaml$/m.test(b.code));
    expect(program, "the README's YAML program").toBeDefined();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-readme-yaml-"));
    // The plugins entry the README gives, with this checkout's bin/ for node_modules/pulumi-pipestack/bin.
    const plugins = `plugins:\n  providers:\n    - name: pipestack\n      path: ${path.join(repoRoot, "bin")}\n`;
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `${program!.code}${plugins}`);
    s = await E2EStack.open({
      program: dir,
      path: [await yamlHost()],
      secretConfig: { kafkaPassword: "readme-yaml-kafka-pw-4b17" },
      emulator: { stackApiVersion: undefined },
    });
    await s.up();
    const again = await s.pulumi(["preview", "--expect-no-changes"]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    await s.assertNoPlaintextSecrets();
  }, 600_000);
});
