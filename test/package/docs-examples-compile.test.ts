/**
 * Every TypeScript example of the README and docs/ compiles against the package as users import
 * it (`pulumi-pipestack` by name, the built dist/). A fragment may use names the page around it
 * gives (`cfg`, `logs`, a resource of the block before): those are declared for it, and the
 * package's exports and `pulumi` imported; everything else must type-check, strict. The examples
 * on the SDKs (`@pipestack/pulumi-native`) are compiled and run by e2e/sdks.test.ts.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeBlocks, docPages } from "../support/doc-blocks";
import { diagnosticsOf } from "../support/ts-diagnostics";

const root = path.resolve(__dirname, "..", "..");
const pages = docPages(root);
const examples = pages.flatMap((page) =>
  codeBlocks(fs.readFileSync(path.join(root, page), "utf8"))
    .filter((b) => b.lang === "ts" && !b.code.includes("@pipestack/pulumi-native"))
    // An example of a script (`await` at its top level) is an ES module.
    .map((b) => ({ page, line: b.line, code: b.code, file: `${page.replace(/[/.]/g, "_")}_${b.line}.${/^\S.*\bawait\b/m.test(b.code) ? "mts" : "ts"}` })),
);
const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: ["node"],
};
/** Cannot find name 'x' (and its "did you mean" form), no value for the shorthand property 'x'. */
const MISSING = new Set([2304, 2552, 2580, 2582, 18004]);

let dir: string;
const exported = new Set(Object.keys(createRequire(__filename)(path.join(root, "dist", "provider", "index.js")) as object));

/** What the page around a fragment gives it: the package's exports and `pulumi` imported, other names declared. */
function prelude(missing: Set<string>): string {
  const fromPackage = [...missing].filter((n) => exported.has(n));
  const others = [...missing].filter((n) => !exported.has(n) && n !== "pulumi");
  return [
    ...(missing.has("pulumi") ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    ...(fromPackage.length > 0 ? [`import { ${fromPackage.join(", ")} } from "pulumi-pipestack";`] : []),
    ...others.map((n) => `declare const ${n}: any;`),
    "",
  ].join("\n");
}

const results = new Map<string, string[]>();

beforeAll(async () => {
  expect(fs.existsSync(path.join(root, "node_modules", "pulumi-pipestack", "dist", "provider", "index.d.ts")), "run `npm run build` first").toBe(true);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-doc-examples-"));
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  const files = examples.map((e) => path.join(dir, e.file));
  // A module each (no names shared between files), unless it is one already by `export =`.
  const head = (code: string) => (/^export =/m.test(code) ? "" : "export {};\n");
  examples.forEach((e, i) => fs.writeFileSync(files[i], `${head(e.code)}${e.code}`));
  const first = await diagnosticsOf(files, OPTIONS, root);
  examples.forEach((e, i) => {
    const missing = new Set(
      first
        .get(files[i])!
        .filter((d) => MISSING.has(d.code))
        .map((d) => /'([^']+)'/.exec(d.message)?.[1] ?? ""),
    );
    fs.writeFileSync(files[i], `${head(e.code)}${prelude(missing)}${e.code}`);
  });
  const second = await diagnosticsOf(files, OPTIONS, root);
  examples.forEach((e, i) =>
    results.set(
      e.file,
      second.get(files[i])!.map((d) => `${d.line}: ${d.message}`),
    ),
  );
}, 300_000);
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the TypeScript examples of the README and docs/", () => {
  it("are many: the README's and each guide's", () => {
    expect(examples.filter((e) => e.page === "README.md").length).toBeGreaterThanOrEqual(5);
    expect(new Set(examples.map((e) => e.page)).size).toBeGreaterThanOrEqual(10);
  });

  it.each(examples.map((e) => [`${e.page}:${e.line}`, e.file]))("%s compiles", (_where, file) => {
    expect(results.get(file)).toEqual([]);
  });
});
