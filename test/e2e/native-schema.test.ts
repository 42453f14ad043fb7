/**
 * The native provider's package schema through Pulumi's own tooling: the CLI gets it from the
 * plugin (`pulumi package get-schema <plugin path>`), Pulumi's schema binder (pkg/v3/codegen,
 * built from the Go module proxy by scripts/ensure-schema-tool.sh) binds it without a
 * diagnostic, and Pulumi's generators make Python and TypeScript SDKs of it: the Python files
 * compile, the TypeScript SDK typechecks strictly against @pulumi/pulumi. The Python SDK is
 * installed and run by native-python.test.ts.
 */
import { registry } from "../../provider/registry";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./harness";
import { packageSchema, run as runIn, schemaTool, type Ran } from "./package-schema";

let tool: string;
let schema: string;
let tmp: string;

function run(cmd: string, args: string[], input?: string): Promise<Ran> {
  return runIn(cmd, args, { home: path.join(tmp, "home"), input });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-schema-"));
  tool = await schemaTool();
  schema = await packageSchema(path.join(tmp, "home"));
}, 600_000);
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the package schema, checked by Pulumi's own tooling", () => {
  it("binds without a diagnostic", async () => {
    const r = await run(tool, ["bind"], schema);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^bound pipestack: ${registry.length} resources, 3 functions, \\d+ types`));
  });

  it("the binder refuses a broken schema (a type reference to nothing)", async () => {
    const broken = schema.replace('"#/types/pipestack:index:PipeScaling"', '"#/types/pipestack:index:Nothing"');
    expect(broken).not.toBe(schema);
    const r = await run(tool, ["bind"], broken);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("pipestack:index:Nothing not found");
  });

  it("generates a Python SDK whose files compile, with the secret outputs declared", async () => {
    const out = path.join(tmp, "python");
    expect((await run(tool, ["gen", "python", out], schema)).code).toBe(0);
    const pkg = path.join(out, "pulumi_pipestack");
    const files = fs.readdirSync(pkg).filter((f) => f.endsWith(".py"));
    expect(files).toEqual(expect.arrayContaining(["pipe.py", "stack_dashboard.py", "get_stack_sources.py", "provider.py"]));
    expect(fs.readFileSync(path.join(pkg, "pipe.py"), "utf8")).toContain('additional_secret_outputs=["connection", "sourceSecrets"]');
    // A dashboard's tiles come back as the server stores them, each with its id and key (not only
    // through `tileIds`), and always set: the program must set them.
    expect(fs.readFileSync(path.join(pkg, "stack_dashboard.py"), "utf8")).toContain(
      "def tiles(self) -> pulumi.Output[Sequence['outputs.StackDashboardStoredTile']]:",
    );
    expect(fs.readFileSync(path.join(pkg, "outputs.py"), "utf8")).toMatch(
      /class StackDashboardStoredTile\(dict\):[\s\S]*?id: _builtins\.str,\s+key: _builtins\.str,/,
    );
    const compiled = await run("python3", ["-m", "py_compile", ...files.map((f) => path.join(pkg, f))]);
    expect(compiled.stderr).toBe("");
    expect(compiled.code).toBe(0);
  });

  it("generates a TypeScript SDK that typechecks strictly against @pulumi/pulumi", async () => {
    const out = path.join(tmp, "nodejs");
    expect((await run(tool, ["gen", "nodejs", out], schema)).code).toBe(0);
    fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(out, "node_modules"));
    const r = await run(process.execPath, [path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", out, "--noEmit"]);
    expect(r.stdout + r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(fs.readFileSync(path.join(out, "pipe.ts"), "utf8")).toContain("__pulumiType = 'pipestack:index:Pipe'");
  });
});
