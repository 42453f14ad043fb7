/**
 * The published types compile in a new project made from the official Pulumi TypeScript
 * template (its tsconfig as `pulumi new typescript` writes it: `strict`, `target: es2020`, no
 * `skipLibCheck`), and with `lib: ["es2020"]`: nothing in dist/*.d.ts may name a lib type newer
 * than es2020 (such as `ErrorOptions`, es2022). The project imports the package by name, through
 * the link the build makes (node_modules/pulumi-pipestack), as an installed copy would. Its
 * program also narrows with a class's `isInstance`, which the published .d.ts declares once on the
 * classes' base: it must narrow to that class, neither to another one nor to `any`.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";

const root = path.resolve(__dirname, "..", "..");

/** The template's compiler options (pulumi/templates, typescript/tsconfig.json), as the type-check bench also reads them. */
const TEMPLATE = createRequire(__filename)("../../bench/lib/template-compiler-options.js") as Readonly<Record<string, unknown>>;

/** Every entry point of the package's types: the root and each `engine/*` subpath. */
function entryPoints(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { exports: Record<string, unknown> };
  return Object.keys(pkg.exports)
    .filter((k) => k === "." || k.startsWith("./engine/"))
    .map((k) => (k === "." ? "pulumi-pipestack" : `pulumi-pipestack/${k.slice(2)}`));
}

/** A program's use of `isInstance`: compiles only while it narrows to exactly the class it is called on. */
const NARROWING = `import { Pipe, StackAlert } from "pulumi-pipestack";
export function pipeOf(x: unknown): Pipe | undefined {
  if (!Pipe.isInstance(x)) return undefined;
  // @ts-expect-error a Pipe is no StackAlert (were x any, this line would have no error)
  const alert: StackAlert = x;
  return x;
}
`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A consumer project with these compiler options; the output of `tsc -p` on it. */
async function compile(options: Record<string, unknown>): Promise<{ status: number | null; output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-consumer-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, "node_modules"));
  // The package and the dependencies a project installs beside it (its @types/node included).
  for (const name of ["pulumi-pipestack", "@pulumi", "@types"]) fs.symlinkSync(path.join(root, "node_modules", name), path.join(dir, "node_modules", name));
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["index.ts"] }, null, 2));
  const imports = entryPoints().map((p, i) => `import * as m${i} from "${p}";\nexport const e${i} = m${i};\n`);
  fs.writeFileSync(path.join(dir, "index.ts"), imports.join("") + NARROWING);
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  const r = await runProcess(process.execPath, [tsc, "-p", dir, "--noEmit"], { cwd: dir });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe("the published types in a project made from the Pulumi TypeScript template", () => {
  it.each([
    ["the template as written", TEMPLATE],
    ['the template with lib: ["es2020"]', { ...TEMPLATE, lib: ["es2020"] }],
  ])(
    "tsc passes: %s",
    async (_name, options) => {
      expect(fs.existsSync(path.join(root, "node_modules", "pulumi-pipestack", "dist", "provider", "index.d.ts")), "run `npm run build` first").toBe(true);
      expect(entryPoints().length).toBeGreaterThan(1);
      const r = await compile(options);
      expect(r.output).toBe("");
      expect(r.status).toBe(0);
    },
    120_000,
  );
});
