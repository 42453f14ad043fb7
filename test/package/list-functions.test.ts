/**
 * The list functions are derived from the listings the kinds declare: the generated program
 * functions and their args types are what scripts/list-functions.js prints today (a new listing,
 * a renamed function or a changed doc without `node scripts/list-functions.js` fails here); every
 * kind's listing is served by the native plugin and exported by the package entry in both forms;
 * and no file of provider/functions/ writes a list function by hand.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { inWorker } from "../support/in-worker";
import * as entry from "../../provider";
import { nativeFunctions } from "../../provider/native/functions";
import { registry } from "../../provider/registry";

const root = path.resolve(__dirname, "..", "..");
// The script parses the kinds' files and runs Prettier: in a thread, as every generator test (issue 46).
const generate = () => inWorker<Record<string, string>>(path.join(root, "scripts", "list-functions.js"), "generate");

const listings = registry.flatMap((d) => (d.listing ? [[d.type, d.listing] as const] : []));

describe("list functions", () => {
  it("the generated functions and args types are current (run `node scripts/list-functions.js`)", async () => {
    const files = await generate();
    expect(Object.keys(files).map((f) => path.relative(root, f))).toEqual([
      "provider/functions/list-functions.ts",
      "provider/type-derivation/list-function-types.ts",
    ]);
    for (const [file, text] of Object.entries(files)) expect(fs.readFileSync(file, "utf8"), path.relative(root, file)).toBe(text);
  }, 120_000);

  it("three kinds list, each its own folder's listing.ts", () => {
    expect(listings.map(([type, l]) => [type, l.name])).toEqual([
      ["ReversePrivateEndpoint", "getReversePrivateEndpoints"],
      ["StackWebhook", "getStackWebhooks"],
      ["StackSource", "getStackSources"],
    ]);
  });

  it.each(listings)("%s: the native plugin serves its listing, the entry exports both forms", (_type, listing) => {
    expect(nativeFunctions).toContain(listing);
    expect(typeof (entry as Record<string, unknown>)[listing.name]).toBe("function");
    expect(typeof (entry as Record<string, unknown>)[`${listing.name}Output`]).toBe("function");
  });

  it("no file of provider/functions/ but the generated one defines a `get...` function", () => {
    const dir = path.join(root, "provider", "functions");
    const handWritten = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && f !== "list-functions.ts" && /^export (async )?function get[A-Z]/m.test(fs.readFileSync(path.join(dir, f), "utf8")));
    expect(handWritten).toEqual([]);
  });
});
