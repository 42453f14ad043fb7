/**
 * The package's public types are plain: provider/public-types/generated.ts is what
 * scripts/public-types.js prints today from the zod schemas and the field policies (a change to
 * a schema, a field's doc or a policy without `node scripts/public-types.js` fails here), and no
 * published .d.ts a program reaches from the package's entry imports zod or a schema file.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { inWorker } from "../support/in-worker";

const root = path.resolve(__dirname, "..", "..");
const SCRIPT = path.join(root, "scripts", "public-types.js");
const { TARGET } = createRequire(__filename)(SCRIPT) as { TARGET: string };
// The script's compiler run is seconds of synchronous work, minutes loaded: in a thread (issue 46).
const generate = () => inWorker<string>(SCRIPT, "generate");

/** Every .d.ts of dist/ reached from `entry` by its relative imports, and every bare module they name. */
function reachable(entry: string): { files: string[]; modules: string[] } {
  const files = new Set<string>();
  const modules = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:from\s+|import\()\s*"([^"]+)"/g)) {
      const spec = m[1];
      if (!spec.startsWith(".")) {
        modules.add(spec);
        continue;
      }
      const base = path.resolve(path.dirname(file), spec);
      visit(fs.existsSync(`${base}.d.ts`) ? `${base}.d.ts` : path.join(base, "index.d.ts"));
    }
  };
  visit(entry);
  return { files: [...files].map((f) => path.relative(root, f)).sort(), modules: [...modules].sort() };
}

describe("public types", () => {
  it("provider/public-types/generated.ts is current (run `node scripts/public-types.js`)", async () => {
    expect(fs.readFileSync(TARGET, "utf8")).toBe(await generate());
  }, 120_000);

  it("the published .d.ts a program reaches import no module but @pulumi/pulumi, and no schema, policy or derived file", () => {
    const { files, modules } = reachable(path.join(root, "dist", "provider", "index.d.ts"));
    expect(modules).toEqual(["@pulumi/pulumi"]);
    expect(files.filter((f) => /\/(schema|policy|source|record|config|derived|field-policy|register)\.d\.ts$|\/schemas\//.test(f))).toEqual([]);
    // The ones it does reach: the entry, the generated types, the classes and their base, the functions, the errors.
    expect(files).toContain("dist/provider/public-types/generated.d.ts");
    expect(files).toContain("dist/provider/classes.d.ts");
  });
});
