/**
 * What the registry cannot derive is checked against it: the package entry exports each kind's
 * class under its type name, each class carries its kind's token, and every kind has its
 * reference page. A kind added to the registry and forgotten in any of these fails here by name.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import * as entry from "../../provider/index";
import { registry, typeTokens, typeTokensOfBothFaces } from "../../provider/registry";
import { nativeResources } from "../../provider/native/resources";

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
