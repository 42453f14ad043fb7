import { describe, expect, it } from "vitest";
import { detailedDiff, formatPath, parseEnginePath, stables } from "../../provider/native/detailed-diff";
import * as ops from "../../provider/native/operations";
import { resourceOf } from "../../provider/native/resources";
import { secret } from "../../provider/native/values";
import { EXISTING } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { opened } from "../support/sealed";

type Obj = Record<string, any>;
const pipe = resourceOf("pipestack:index:Pipe")!;
const dashboard = resourceOf("pipestack:index:StackDashboard")!;

describe("detailed diff: the engines' field changes as the engine's property diffs", () => {
  const tile = (name: string, w = 12) => ({ name, x: 0, y: 0, w, h: 4 });
  it.each([
    [
      "a changed field",
      [{ path: "scaling.replicas", kind: "update" }],
      { scaling: { replicas: 1 } },
      { scaling: { replicas: 2 } },
      { "scaling.replicas": "update" },
    ],
    ["an added field", [{ path: "settings", kind: "update" }], {}, { settings: { a: 1 } }, { settings: "add" }],
    ["a removed field", [{ path: "scaling", kind: "update" }], { scaling: { replicas: 1 } }, {}, { scaling: "delete" }],
    [
      "a replaced field",
      [{ path: "source.kafka.topics", kind: "replace" }],
      { source: { kafka: { topics: "a" } } },
      { source: { kafka: { topics: "b" } } },
      { "source.kafka.topics": "updateReplace" },
    ],
    [
      "an added field that replaces",
      [{ path: "destination.roles", kind: "replace" }],
      { destination: {} },
      { destination: { roles: ["r"] } },
      { "destination.roles": "addReplace" },
    ],
    [
      "a removed field that replaces",
      [{ path: "destination.roles", kind: "replace" }],
      { destination: { roles: ["r"] } },
      { destination: {} },
      { "destination.roles": "deleteReplace" },
    ],
    [
      "a tile field, by key",
      [{ path: "tiles[B].w", kind: "update" }],
      { tiles: [tile("A"), tile("B")] },
      { tiles: [tile("A"), tile("B", 6)] },
      { "tiles[1].w": "update" },
    ],
    [
      "an added tile, at its new index",
      [{ path: "tiles[C]", kind: "update" }],
      { tiles: [tile("A")] },
      { tiles: [tile("C"), tile("A")] },
      { "tiles[0]": "add" },
    ],
    [
      "a removed tile, at its old index",
      [{ path: "tiles[B]", kind: "update" }],
      { tiles: [tile("A"), tile("B")] },
      { tiles: [tile("A")] },
      { "tiles[1]": "delete" },
    ],
    [
      "a key with odd characters",
      [{ path: "tileIds.Errors by service", kind: "update" }],
      { tileIds: {} },
      { tileIds: { "Errors by service": "x" } },
      { 'tileIds["Errors by service"]': "add" },
    ],
  ] as const)("%s", (_what, changes, olds, news, expected) => {
    expect(detailedDiff(changes as never, olds as Obj, news as Obj)).toEqual(expected);
  });

  it("parses and prints property paths", () => {
    expect(parseEnginePath("tiles[Errors by service].series")).toEqual(["tiles", "Errors by service", "series"]);
    expect(formatPath(["source", "kafka", "brokers"])).toBe("source.kafka.brokers");
    expect(formatPath(["tiles", 0, "w"])).toBe("tiles[0].w");
  });

  it("names as stable the fields an update never changes", () => {
    expect(
      stables({ a: { change: "replace" }, b: { change: "update" }, c: { change: "replace", fields: { d: { change: "update" } } } }, ["createdAt"]),
    ).toEqual(["a", "createdAt"]);
    expect(stables(pipe.diff.fields as never, pipe.fixedOutputs)).toEqual(expect.arrayContaining(["organizationId", "serviceId", "createdAt"]));
    expect(stables(pipe.diff.fields as never, pipe.fixedOutputs)).not.toContain("destination");
  });
});

describe("native diff: the pipe engine's answer, with its kinds, stables and deleteBeforeReplace", () => {
  const olds = engineInputs(kafkaPipe());

  it("an in-place change is one update, with stables and no replace", async () => {
    const d = await ops.diff(pipe, "id-1", olds, { ...olds, scaling: { ...olds.scaling, replicas: 3 } });
    expect(d).toMatchObject({ changes: true, replaces: [], detailedDiff: { "scaling.replicas": "update" }, diffs: ["scaling"] });
    expect(d.stables).toContain("organizationId");
  });

  it("a field fixed at creation replaces, deleting first where the name stays", async () => {
    const news = { ...olds, source: { ...olds.source, kafka: { ...olds.source.kafka, topics: "other" } } };
    const d = await ops.diff(pipe, "id-1", olds, news);
    expect(d).toMatchObject({ changes: true, replaces: ["source.kafka.topics"], deleteBeforeReplace: true, stables: [] });
  });

  it("asks to delete first also for a change that replaces only by the program's replaceOnChanges", async () => {
    const d = await ops.diff(pipe, "id-1", olds, { ...olds, name: "renamed" });
    expect(d).toMatchObject({ replaces: [], detailedDiff: { name: "update" } });
    // Same table: a replacement must free it first.
    expect(d.deleteBeforeReplace).toBe(true);
  });

  it("a credential change is an update of sourceSecrets, its value never in the answer", async () => {
    const news = { ...olds, sourceSecrets: secret({ credentials: { username: "ingest", password: "new-password-1" } }) };
    const d = await ops.diff(pipe, "id-1", olds, news);
    expect(d.detailedDiff).toEqual({ "sourceSecrets.credentials": "update" });
    expect(JSON.stringify(d)).not.toContain("new-password-1");
  });

  it("an import compares no credentials the API never returns; the first update after it sends them", async () => {
    const { sourceSecrets: _s, ...read } = olds;
    const imported = { ...read, [ops.CREDENTIALS_PENDING]: true };
    const readInputs = { ...read };
    expect((await ops.diff(pipe, "id-1", imported, olds, readInputs)).changes).toBe(false);
    // After the import the state's inputs are the program's, credentials and all.
    const next = await ops.diff(pipe, "id-1", imported, olds, olds);
    expect(next.detailedDiff).toEqual({ "sourceSecrets.credentials": "add" });
    // Without the mark (never imported) a credential added is a change, as always.
    expect((await ops.diff(pipe, "id-1", read, olds, readInputs)).changes).toBe(true);
  });

  it("tiles are diffed by key and reported by index", async () => {
    const tiles = [
      { key: "A", name: "A", x: 0, y: 0, w: 12, h: 4, id: "t1" },
      { key: "B", name: "B", x: 12, y: 0, w: 12, h: 4, id: "t2" },
    ];
    const o = { name: "d", tiles, tags: [], tileIds: { A: "t1", B: "t2" }, stackUrl: "http://s" };
    const n = { name: "d", tiles: [tiles[0], { ...tiles[1], w: 6 }].map(({ id: _i, ...t }) => t), stackUrl: "http://s" };
    const d = await ops.diff(dashboard, "d1", o, n);
    expect(d.detailedDiff).toEqual({ "tiles[1].w": "update" });
  });
});

describe("native check: the program side's step, then the engine's check", () => {
  it("moves a pipe's credentials out of source into sourceSecrets, marked secret", async () => {
    const spec = kafkaPipe();
    const { name: _n, ...withoutName } = spec;
    const news = { ...withoutName, organizationId: "00000000-0000-4000-8000-000000000001", serviceId: "00000000-0000-4000-8000-000000000002" };
    const r = await ops.check(pipe, "urn:pulumi:s::p::pipestack:index:Pipe::events", EXISTING, JSON.parse(JSON.stringify(news)));
    expect(r.failures).toEqual([]);
    expect(r.inputs.name).toBe("events");
    expect(JSON.stringify(r.inputs.source)).not.toContain("kafka-password-plain-1234");
    // Sealed in check's answer (`engine/sealed-inputs.ts`), and still marked secret.
    expect(JSON.stringify(r.inputs.sourceSecrets)).not.toContain("kafka-password-plain-1234");
    expect(opened(r.inputs.sourceSecrets)).toEqual(secret({ credentials: { username: "ingest", password: "kafka-password-plain-1234" } }));
  });

  it("keeps a field secret wherever the engine puts a value the program marked secret", async () => {
    const spec = kafkaPipe();
    const news = {
      ...spec,
      name: secret("hidden-name"),
      organizationId: "00000000-0000-4000-8000-000000000001",
      serviceId: "00000000-0000-4000-8000-000000000002",
    };
    const r = await ops.check(pipe, "urn:pulumi:s::p::pipestack:index:Pipe::events", EXISTING, JSON.parse(JSON.stringify(news)));
    expect(r.inputs.name).toEqual(secret("hidden-name"));
    expect(r.inputs.destination).not.toHaveProperty("value");
  });
});
