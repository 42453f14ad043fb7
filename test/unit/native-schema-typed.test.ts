/**
 * The package schema types what the TypeScript face types: no `Any` but where the TypeScript
 * face says `unknown` (a map passed through as written), a tile's `config` one object of every
 * display type's fields with `displayType` an enum, a string `select` apart as `selectText`
 * (moved back at the plugin's edge), and every enum value named by one rule.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ANY, packageSchema, type EnumTypeSpec, type ObjectTypeSpec } from "../../provider/native/schema";
import { nativeResources, resourceOf } from "../../provider/native/resources";
import { mergedField, splitByKind } from "../../provider/native/schema-unions";
import { nativePath, splitFieldsOf, toEngine, toNative } from "../../provider/native/split-fields";

const schema = packageSchema({}, "1.2.3");
const type = (name: string) => schema.types[`pipestack:index:${name}`];

/** Every place a value of `node` equals `needle` (as JSON), with its path. */
function where(node: unknown, needle: unknown, at = "", out: string[] = []): string[] {
  if (JSON.stringify(node) === JSON.stringify(needle)) out.push(at);
  else if (Array.isArray(node)) node.forEach((n, i) => where(n, needle, `${at}[${i}]`, out));
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) where(v, needle, `${at}.${k}`, out);
  return out;
}

describe("no Any where the TypeScript face has a type", () => {
  it("has Any only as the values of a map the TypeScript face types Record<string, unknown>", () => {
    const anys = where(schema, ANY);
    expect(anys.length).toBeGreaterThan(0);
    for (const at of anys) expect(at, at).toMatch(/\.additionalProperties$/);
    expect(anys.sort()).toEqual([
      ".types.pipestack:index:StackDashboardTileConfig.properties.colorRules.items.additionalProperties",
      ".types.pipestack:index:StackDashboardTileConfig.properties.onClick.additionalProperties",
    ]);
  });

  it("types a tile's config: every display type's fields in one object, displayType a required enum", () => {
    const tile = type("StackDashboardTile") as ObjectTypeSpec;
    expect(tile.properties.config.$ref).toBe("#/types/pipestack:index:StackDashboardTileConfig");
    const config = type("StackDashboardTileConfig") as ObjectTypeSpec;
    expect(config.required).toEqual(["displayType"]);
    expect((type("StackDashboardTileConfigDisplayType") as EnumTypeSpec).enum.map((v) => v.value).sort()).toEqual(
      ["bar", "event_patterns", "heatmap", "line", "markdown", "number", "pie", "search", "stacked_bar", "table"].sort(),
    );
    // Fields of one display type only (line; table; number; raw SQL) are in the one object.
    for (const key of ["fitYAxisToData", "groupByColumnsOnLeft", "backgroundChart", "sqlTemplate", "markdown"])
      expect(config.properties, key).toHaveProperty(key);
    expect(config.properties.select).toEqual({ type: "array", items: { $ref: "#/types/pipestack:index:StackDashboardTileConfigSelect" } });
    expect(config.properties.selectText.type).toBe("string");
    // The select items of every display type, heatmap's among them, in one object.
    const item = type("StackDashboardTileConfigSelect") as ObjectTypeSpec;
    expect(Object.keys(item.properties)).toEqual(expect.arrayContaining(["aggFn", "valueExpression", "countExpression", "heatmapScaleType"]));
  });

  it("joins the closed sets of a union's forms into one enum (a saved search filter's type)", () => {
    expect((type("StackSavedSearchFilterType") as EnumTypeSpec).enum.map((v) => v.value)).toEqual(["sql_ast", "lucene", "sql"]);
  });
});

describe("forms of a field that differ in kind", () => {
  const item = z.object({ aggFn: z.string() });
  it.each([
    ["a list of objects and a string: split, the string as <key>Text", [{ select: z.array(item) }, { select: z.string() }], "selectText"],
    ["the same kind in every form: no split", [{ select: z.array(item) }, { select: z.array(item).length(1) }], undefined],
  ])("%s", (_what, shapes, alias) => {
    expect(splitByKind(shapes, "select")?.alias).toBe(alias);
  });

  it("refuses a mix it has no typed form for, rather than rendering it untyped", () => {
    expect(() => splitByKind([{ select: z.array(item) }, { select: z.number() }], "select")).toThrow(/mix a list of objects/);
  });

  it("joins literals into a tag enum, and closed sets into an enum", () => {
    const tag = mergedField([{ t: z.literal("a") }, { t: z.literal("b") }], "t");
    expect(tag.tag).toBe(true);
    expect((tag.field as z.ZodEnum<[string]>).options).toEqual(["a", "b"]);
    const set = mergedField([{ t: z.literal("a") }, { t: z.enum(["b", "c"]).optional() }], "t");
    expect(set.tag).toBe(false);
    expect((set.field as z.ZodEnum<[string]>).options).toEqual(["a", "b", "c"]);
  });
});

describe("split fields at the plugin's edge", () => {
  const dashboard = resourceOf("pipestack:index:StackDashboard")!;
  const splits = dashboard.splits;

  it("finds the tile config's string select, and no split elsewhere", () => {
    expect(splits).toEqual([{ path: ["tiles", "*", "config"], key: "select", alias: "selectText" }]);
    for (const r of nativeResources) if (r !== dashboard) expect(r.splits, r.name).toEqual([]);
    expect(splitFieldsOf(dashboard.spec)).toEqual(splits);
  });

  const native = {
    name: "b",
    tiles: [
      { name: "a", config: { displayType: "line", select: [{ aggFn: "count" }] } },
      { name: "s", config: { displayType: "search", selectText: "timestamp, body" } },
    ],
  };
  const engine = {
    name: "b",
    tiles: [
      { name: "a", config: { displayType: "line", select: [{ aggFn: "count" }] } },
      { name: "s", config: { displayType: "search", select: "timestamp, body" } },
    ],
  };

  it("moves selectText to select for the engine and back, touching nothing else", () => {
    expect(toEngine(native, splits)).toEqual(engine);
    expect(toNative(engine, splits)).toEqual(native);
    expect(toNative(toEngine(native, splits), splits)).toEqual(native);
    expect(native.tiles[1].config).toHaveProperty("selectText");
  });

  it.each([
    ["tiles[1].config.select", "tiles[1].config.selectText"],
    ["tiles[0].config.select", "tiles[0].config.select"],
    ["tiles[0].config.select[0].aggFn", "tiles[0].config.select[0].aggFn"],
    ["tiles[1].name", "tiles[1].name"],
  ])("names %s as %s in the native schema's names", (path, named) => {
    expect(nativePath(path, native, splits)).toBe(named);
  });
});

describe("enum value names: one rule", () => {
  const enums = Object.entries(schema.types).filter((e): e is [string, EnumTypeSpec] => "enum" in e[1]);

  it("names every value in PascalCase, without underscores, uniquely in its enum", () => {
    expect(enums.length).toBeGreaterThan(20);
    for (const [token, t] of enums) {
      for (const v of t.enum) expect(v.name, `${token} ${v.value}`).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      const names = t.enum.map((v) => v.name);
      expect(new Set(names).size, token).toBe(names.length);
    }
  });

  it("gives Go one constant per value: the type's name and the value's, unique in the package", () => {
    const constants = enums.flatMap(([token, t]) => t.enum.map((v) => token.slice(token.lastIndexOf(":") + 1) + v.name));
    expect(new Set(constants).size).toBe(constants.length);
    expect(constants).toEqual(
      expect.arrayContaining(["PipeSourceKafkaFormatJSONEachRow", "PipeSourceKafkaAuthenticationScramSha256", "StackDashboardTileConfigDisplayTypeStackedBar"]),
    );
  });
});
