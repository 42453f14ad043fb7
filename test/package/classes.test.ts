/**
 * The resource classes are generated: provider/classes.ts is what scripts/classes.js prints today
 * from the registry and each kind's declaration (a new kind, a renamed type or a changed class doc
 * without `node scripts/classes.js` fails here), and no kind's folder holds a class of its own.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..", "..");
const { generate, TARGET } = createRequire(__filename)("../../scripts/classes.js") as { generate: () => Promise<string>; TARGET: string };

describe("resource classes", () => {
  it("provider/classes.ts is current (run `node scripts/classes.js`)", async () => {
    expect(fs.readFileSync(TARGET, "utf8")).toBe(await generate());
  }, 120_000);

  it("no kind writes a class by hand", () => {
    const resources = path.join(root, "provider", "resources");
    const handWritten = fs
      .readdirSync(resources, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && /^\s*export (abstract )?class \w+ extends DeclaredResource/m.test(fs.readFileSync(path.join(resources, f), "utf8")));
    expect(handWritten).toEqual([]);
  });
});
