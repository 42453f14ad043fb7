/**
 * The resource classes are generated: provider/classes.ts is what scripts/classes.js prints today
 * from the registry and each kind's declaration (a new kind, a renamed type or a changed class doc
 * without `node scripts/classes.js` fails here), and no kind's folder holds a class of its own.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { inWorker } from "../support/in-worker";

const root = path.resolve(__dirname, "..", "..");
const SCRIPT = path.join(root, "scripts", "classes.js");
const { TARGET } = createRequire(__filename)(SCRIPT) as { TARGET: string };
// The script's compiler run is seconds of synchronous work, minutes loaded: in a thread (issue 46).
const generate = () => inWorker<string>(SCRIPT, "generate");

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
