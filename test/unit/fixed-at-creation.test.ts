/**
 * "Fixed at creation." is said by the field policy, never by hand: in the native schema (built
 * from the doc comments editors show, as the plugin serves it), every field no change of which is
 * made in place says it exactly once, and no other field says it.
 */
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { inWorker } from "../support/in-worker";
import { nativeResources, tokenOf } from "../../provider/native/resources";
import { packageSchema, withPolicyDocs, type PropertySpec } from "../../provider/native/schema";
import { FIXED_AT_CREATION, fixedAtCreation, policyEntries } from "../../provider/schemas/field-policy";

const root = path.resolve(__dirname, "..", "..");
let schema: ReturnType<typeof packageSchema>;
beforeAll(async () => {
  // The extractor is a compiler run, seconds of synchronous work: in a thread (issue 46).
  schema = packageSchema(withPolicyDocs(await inWorker<Record<string, string>>(path.join(root, "scripts", "doc-comments.js"), "collectDocs", root)));
}, 600_000);

/** The property at a path of a resource's inputs, through the object types. */
function propertyAt(props: Record<string, PropertySpec>, keys: readonly string[]): PropertySpec | undefined {
  const [key, ...rest] = keys;
  const prop = props[key];
  if (!prop || rest.length === 0) return prop;
  const ref = prop.$ref ?? prop.items?.$ref;
  const type = ref ? schema.types[ref.slice("#/types/".length)] : undefined;
  return type?.type === "object" ? propertyAt(type.properties, rest) : undefined;
}

const count = (text: string | undefined) => (text ?? "").split(FIXED_AT_CREATION).length - 1;

describe.each(nativeResources.map((r) => [r.name, r] as const))("%s", (_name, r) => {
  const entries = () => policyEntries(r.diff.fields).map((e) => ({ ...e, prop: propertyAt(schema.resources[tokenOf(r)].inputProperties, e.path) }));

  it("finds a property for every field of the policy the schema has", () => {
    expect(entries().filter((e) => e.prop).length).toBeGreaterThan(3);
  });

  it("says it once on each field fixed at creation, and on no other", () => {
    const wrong = entries()
      .filter((e) => e.prop && count(e.prop.description) !== (fixedAtCreation(e.node) ? 1 : 0))
      .map((e) => `${e.path.join(".")}: ${count(e.prop!.description)}`);
    expect(wrong).toEqual([]);
  });
});

describe("fixedAtCreation", () => {
  it.each([
    ["a replace leaf", { change: "replace" }, true],
    ["an in-place leaf", { change: "update" }, false],
    ["a replace object with an in-place field", { change: "replace", fields: { a: { change: "replace" }, b: { change: "update" } } }, false],
    ["a replace object of replace fields", { change: "replace", fields: { a: { change: "replace" } } }, true],
    ["nothing", { change: "none" }, false],
  ] as const)("%s", (_what, node, fixed) => {
    expect(fixedAtCreation(node)).toBe(fixed);
  });
});
