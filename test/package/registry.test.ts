/**
 * What the registry cannot derive is checked against it: the package entry exports each kind's
 * class under its type name, each class carries its kind's token, and every kind has its
 * reference page; the native plugin serves the functions the entry exports. A kind or a function
 * added and forgotten in any of these fails here by name.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import * as entry from "../../provider/index";
import { registry, typeTokens, typeTokensOfBothFaces } from "../../provider/registry";
import { nativeResources } from "../../provider/native/resources";
import { nativeFunctions } from "../../provider/native/functions";

const root = path.resolve(__dirname, "..", "..");
const kinds = registry.map((d) => [d.type, d] as const);

describe("the registry", () => {
  it("lists each type name and engine once", () => {
    expect(new Set(registry.map((d) => d.type)).size).toBe(registry.length);
    expect(new Set(registry.map((d) => d.engine)).size).toBe(registry.length);
  });

  it.each(kinds)("%s: the package entry exports its class under its type name, carrying the kind's token", (type) => {
    const Class = (entry as Record<string, unknown>)[type] as { __pulumiType?: string } | undefined;
    expect(typeof Class, `provider/index.ts exports ${type}`).toBe("function");
    expect(Class?.__pulumiType).toBe(typeTokens[type]);
  });

  it.each(kinds)("%s: both faces' tokens", (type) => {
    expect(typeTokensOfBothFaces.filter(([name]) => name === type).map(([, token]) => token)).toEqual([typeTokens[type], `pipestack:index:${type}`]);
  });

  it.each(kinds)("%s: the native plugin serves it", (type) => {
    expect(nativeResources.map((r) => r.name)).toContain(type);
  });

  it.each(kinds)("%s: has its reference page docs/<engine>.md", (_type, d) => {
    expect(fs.existsSync(path.join(root, "docs", `${d.engine}.md`)), `docs/${d.engine}.md (run npm run docs)`).toBe(true);
  });
});

describe("the functions", () => {
  /** What the package entry exports as a `get...` function: the program's functions (each also in its `...Output` form). */
  const programFunctions = Object.entries(entry)
    .filter(([name, value]) => /^get[A-Z]/.test(name) && !name.endsWith("Output") && typeof value === "function")
    .map(([name]) => name)
    .sort();

  it("the native plugin serves every function the package entry exports, and no other", () => {
    expect(programFunctions.length).toBeGreaterThan(0);
    expect(nativeFunctions.map((f) => f.name).sort()).toEqual(programFunctions);
  });

  it.each(nativeFunctions.map((f) => [f.name]))("%s: exported in its output form too, with its reference section", (name) => {
    expect(typeof (entry as Record<string, unknown>)[`${name}Output`]).toBe("function");
    expect(fs.readFileSync(path.join(root, "docs", "functions.md"), "utf8")).toContain(`## ${name}`);
  });
});
