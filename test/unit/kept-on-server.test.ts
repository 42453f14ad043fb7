/**
 * The pure parts of the rule "an existing object's write-only fields are the server's until the
 * program sets them" (provider/engine/kept-on-server.ts), table-driven, and the paths it finds
 * in the registered kinds' policies.
 */
import { describe, expect, it } from "vitest";
import {
  mayHold,
  recordedEmpty,
  carried,
  clearedChanges,
  emptiedChanges,
  existingObject,
  keptFailures,
  keptMessage,
  keptNamed,
  keptPaths,
  omitted,
  without,
  CLEARED,
  marked,
  toMark,
  unmarked,
} from "../../provider/engine/kept-on-server";
import { definitionOf, registry } from "../../provider/registry";
import type { PolicyTree } from "../../provider/schemas/field-policy";

type Obj = Record<string, unknown>;

const tree: PolicyTree = {
  name: { change: "update" },
  token: { change: "update", secret: "token", writeOnly: true },
  region: { change: "replace", writeOnly: true },
  source: {
    change: "replace",
    fields: { kafka: { change: "replace", fields: { credentials: { change: "update", secret: "credentials", writeOnly: true } } } },
  },
  readable: { change: "update", secret: "readable" },
};

describe("keptPaths", () => {
  it("finds every write-only secret, nested ones too, and nothing else", () => {
    expect(keptPaths(tree)).toEqual(["token", "source.kafka.credentials"]);
  });

  it("finds the pipe's credentials, the webhook's maps and the connection's password in the registry, and no field of the other kinds", () => {
    expect(keptPaths(definitionOf("StackWebhook").policy)).toEqual(["headers", "queryParams"]);
    expect(keptPaths(definitionOf("StackConnection").policy)).toEqual(["password"]);
    expect(keptPaths(definitionOf("Pipe").policy)).toContain("source.kafka.credentials");
    expect(keptPaths(definitionOf("Pipe").diff.fields)).toContain("sourceSecrets.credentials");
    expect(keptPaths(definitionOf("Pipe").policy)).not.toContain("source.objectStorage.connectionString");
    const others = registry.filter((d) => !["Pipe", "StackWebhook", "StackConnection"].includes(d.type));
    for (const d of others) expect(keptPaths(d.policy), d.type).toEqual([]);
  });
});

describe("existingObject", () => {
  it.each<[string, unknown, boolean, boolean]>([
    ["a create", {}, false, false],
    ["a create with no olds at all", undefined, false, false],
    ["an update", { name: "x" }, false, true],
    ["an adoption", {}, true, true],
  ])("%s", (_why, olds, adopts, expected) => {
    expect(existingObject(olds, adopts)).toBe(expected);
  });
});

describe("keptFailures", () => {
  const failures = [
    { property: "source.kafka.credentials", reason: "is required with authentication PLAIN" },
    { property: "name", reason: "must not be empty" },
  ];
  it.each<[string, Obj, string[]]>([
    ["a kept field left out: its failure dropped", { source: { kafka: {} } }, ["name"]],
    ["a kept field given (and refused): its failure stays", { source: { kafka: { credentials: {} } } }, ["source.kafka.credentials", "name"]],
  ])("%s", (_why, view, expected) => {
    expect(keptFailures(failures, keptPaths(tree), view).map((f) => f.property)).toEqual(expected);
  });
});

describe("omitted, without, carried", () => {
  const olds = { name: "n", token: "t", sourceSecrets: { credentials: "fp", other: "o" } };
  const kept = ["token", "sourceSecrets.credentials"];

  it.each<[string, Obj, string[]]>([
    ["both left out", { name: "n" }, ["token", "sourceSecrets.credentials"]],
    ["one set", { token: "t2" }, ["sourceSecrets.credentials"]],
    ["one set empty is set", { token: {}, sourceSecrets: { credentials: "c" } }, []],
  ])("omitted: %s", (_why, news, expected) => {
    expect(omitted(kept, news)).toEqual(expected);
  });

  it("without drops the values at the paths, copying level by level", () => {
    expect(without(olds, kept)).toEqual({ name: "n", sourceSecrets: { other: "o" } });
    expect(olds.sourceSecrets.credentials, "not changed").toBe("fp");
  });

  it("carried puts the olds' values back where the outputs have none", () => {
    expect(carried({ name: "n2" }, olds, kept)).toEqual({ name: "n2", token: "t", sourceSecrets: { credentials: "fp" } });
    expect(carried({ token: "new" }, olds, ["token"])).toEqual({ token: "new" });
    expect(carried({}, {}, kept)).toEqual({});
  });
});

describe("a kept path names fields, never list items: a list on the way ends the walk", () => {
  const lists = { headers: ["h"], tiles: [{ w: 1 }] };
  it("omitted: a value reached only through a list is no value the program sets", () => {
    expect(omitted(["headers.0", "tiles.0.w"], lists)).toEqual(["headers.0", "tiles.0.w"]);
  });
  it("keptFailures: a failure at such a path is dropped", () => {
    expect(keptFailures([{ property: "headers.0", reason: "r" }], ["headers.0"], lists)).toEqual([]);
  });
  it("keptNamed: a list item is no parent the program sets", () => {
    expect(keptNamed(["tiles.0.secret", "token"], lists)).toEqual(["token"]);
  });
});

describe("the changes the rule adds", () => {
  it("clearedChanges: each field the server clears, unless already a change", () => {
    expect(clearedChanges(["headers", "queryParams"], [{ path: "headers", kind: "update" }]).map((c) => c.path)).toEqual(["queryParams"]);
  });

  it.each<[string, Obj, Obj, string[]]>([
    ["set empty, nothing in state: a change", {}, { token: {} }, ["token"]],
    ["set empty, empty in state: none", { token: {} }, { token: {} }, []],
    ["left out: none", {}, {}, []],
    ["set to a value: the diff's own", {}, { token: "t" }, []],
  ])("emptiedChanges: %s", (_why, olds, news, expected) => {
    expect(emptiedChanges(tree, keptPaths(tree), olds, news, []).map((c) => c.path)).toEqual(expected);
  });
});

describe("what the preview says", () => {
  it("names the kept fields whose parent the program sets", () => {
    expect(keptNamed(keptPaths(tree), { source: { kafka: {} } })).toEqual(["token", "source.kafka.credentials"]);
    expect(keptNamed(keptPaths(tree), { source: { kinesis: {} } })).toEqual(["token"]);
  });

  it("says kept as on the server, and cleared by the server", () => {
    expect(keptMessage("abc", ["headers", "queryParams"], [])).toEqual([
      "abc: headers, queryParams kept as on the server (write-only; the program does not set them)",
    ]);
    expect(keptMessage("abc", [], ["headers"])[0]).toMatch(/^abc: headers cleared by the server with this change.*set it in the program to keep it$/);
  });
});

describe("mayHold and recordedEmpty: what the state says the object holds", () => {
  it.each([
    ["a value: may hold", { headers: { A: "hmac-sha256:x" } }, true],
    ["none recorded (an import, an adoption, an older state): may hold", {}, true],
    ["recorded empty: holds none", { headers: {} }, false],
  ] as const)("%s", (_what, olds, expected) => {
    expect(mayHold(olds, "headers")).toBe(expected);
  });
  it("records the declared none form, nested too, and leaves a field without one or with a value alone", () => {
    const policy: PolicyTree = {
      headers: { change: "update", secret: "headers", writeOnly: true, noneHeld: {} },
      token: { change: "update", secret: "token", writeOnly: true },
      outer: { change: "update", fields: { inner: { change: "update", secret: "inner", writeOnly: true, noneHeld: {} } } },
    };
    expect(recordedEmpty(policy, { name: "n" }, ["headers", "token", "outer.inner"])).toEqual({ name: "n", headers: {}, outer: { inner: {} } });
    expect(recordedEmpty(policy, { headers: { A: "x" } }, ["headers"])).toEqual({ headers: { A: "x" } });
  });
});

describe("the mark of a field this change clears (what check answers where the old inputs hold none)", () => {
  const kept = keptPaths(tree);
  it.each<[string, Obj, Obj, string[]]>([
    ["old inputs without it (an adoption): marked", { name: "a" }, { name: "b" }, ["token"]],
    ["old inputs with it: the engine sees it dropped already", { name: "a", token: "t" }, { name: "b" }, []],
    ["old inputs with the mark (a second move): marked again", { name: "a", token: CLEARED }, { name: "b" }, ["token"]],
    ["the program sets it: not marked", { name: "a" }, { name: "b", token: "t2" }, []],
  ])("%s", (_what, olds, news, want) => {
    expect(toMark(kept, olds, news).filter((p) => p === "token")).toEqual(want);
  });

  it("marked puts the mark at each path, unmarked takes only the marks away", () => {
    const news = { name: "b", source: { kafka: { brokers: "x" } } };
    const m = marked(news, ["token", "source.kafka.credentials"]);
    expect(m).toEqual({ name: "b", token: CLEARED, source: { kafka: { brokers: "x", credentials: CLEARED } } });
    expect(news).toEqual({ name: "b", source: { kafka: { brokers: "x" } } });
    expect(unmarked(kept, m)).toEqual(news);
    expect(unmarked(kept, { name: "b", token: "t" })).toEqual({ name: "b", token: "t" });
  });
});
