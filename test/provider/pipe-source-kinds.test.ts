/**
 * The engine against the emulator for the source kinds pubsub, mysql, mongodb and bigquery:
 * create and settle, read back with no diff and no secret in the readable outputs, an in-place
 * change, a credential rotation, a change that needs a new pipe, and (database kinds) a mapping
 * edit while paused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sameCredential } from "../../provider/engine/fingerprint";
import type { Emulator } from "../../emulator";
import { pipeEngine as provider } from "../support/engines";
import { bigqueryPipe, fixtureSecrets, mongodbPipe, mysqlPipe, pubsubPipe } from "../support/pipe-fixtures";
import { checkedPipe } from "../support/pipe-props";
import { emulatorWithEngine } from "../support/engine";
import { storedPipes } from "../support/stored";
import { opened } from "../support/sealed";

type Obj = Record<string, any>;
let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorWithEngine({ stepMs: 30 });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.resetStats();
});

const checked = (spec: Obj) => checkedPipe(emulator, spec);

const calls = (method: string, suffix: string) =>
  Object.entries(emulator.control.stats().byRoute)
    .filter(([k]) => k === `${method} /v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}${suffix}`)
    .reduce((n, [, v]) => n + v, 0);

/** A copy of a fixture with one change made by `edit`. */
function changed(make: () => Obj, edit: (source: Obj) => void): Obj {
  const spec = make();
  edit(Object.values(spec.source)[0] as Obj);
  return spec;
}

interface Case {
  kind: string;
  make: () => Obj;
  settled: RegExp;
  /** A change made in place (absent: the kind has none, every change is a new pipe). */
  inPlace?: (s: Obj) => void;
  rotate: (s: Obj) => void;
  /** A change that needs a new pipe, and the path the preview names. */
  fixed: [(s: Obj) => void, string];
}

const cases: Case[] = [
  {
    kind: "pubsub",
    make: () => pubsubPipe(),
    settled: /^Running$/,
    inPlace: (s) => (s.ackDeadline = 300),
    rotate: (s) => (s.serviceAccountKey = { serviceAccountFile: "rotated-pubsub-key-0001" }),
    fixed: [(s) => (s.topic = "other-topic"), "source.pubsub.topic"],
  },
  {
    kind: "mysql",
    make: () => mysqlPipe(),
    settled: /^(Running|Snapshot)$/,
    inPlace: (s) => Object.assign(s, { host: "mysql2.example.test", serverId: 4242 }),
    rotate: (s) => (s.credentials.password = "rotated-mysql-password-0001"),
    fixed: [(s) => (s.settings.replicationMechanism = "FILE_POS"), "source.mysql.settings.replicationMechanism"],
  },
  {
    kind: "mongodb",
    make: () => mongodbPipe(),
    settled: /^(Running|Snapshot)$/,
    inPlace: (s) => (s.readPreference = "primary"),
    rotate: (s) => (s.credentials.password = "rotated-mongodb-password-0001"),
    fixed: [(s) => (s.settings.useJsonNativeFormat = true), "source.mongodb.settings.useJsonNativeFormat"],
  },
  {
    kind: "bigquery",
    make: () => bigqueryPipe(),
    // Snapshot only: settled while loading, Completed once done.
    settled: /^(Snapshot|Completed)$/,
    rotate: (s) => (s.credentials = { serviceAccountFile: "rotated-bigquery-key-0001" }),
    fixed: [(s) => (s.snapshotStagingPath = "https://staging.example.test/other/"), "source.bigquery.snapshotStagingPath"],
  },
];

describe.each(cases)("pipe source kind $kind", ({ make, settled, inPlace, rotate, fixed }) => {
  it("creates, settles, reads back with no diff and keeps its secret out of the readable outputs", async () => {
    const inputs = await checked(make());
    expect(JSON.stringify(inputs.source)).not.toMatch(/password|serviceAccountFile/);
    const { id, outs } = await provider.create(inputs);
    expect(outs.state).toMatch(settled);
    expect(storedPipes(emulator)).toHaveLength(1);
    const read = await provider.read(id, outs);
    expect(await provider.diff(id, read.props, inputs)).toMatchObject({ changes: false });
    // Not even in `sourceSecrets`: the outputs hold fingerprints of the credentials.
    const readable = JSON.stringify(read.props);
    for (const s of fixtureSecrets) expect(readable).not.toContain(s);
    expect(sameCredential(read.props.sourceSecrets, opened(inputs.sourceSecrets))).toBe(true);
  });

  it("a fixed field needs a new pipe", async () => {
    const inputs = await checked(make());
    const { id, outs } = await provider.create(inputs);
    const d = await provider.diff(id, outs, await checked(changed(make, fixed[0])));
    expect(d.replaces).toContain(fixed[1]);
  });

  it("a rotated credential is sent in place where the kind has a PATCH form, else a new pipe", async () => {
    const inputs = await checked(make());
    const { id, outs } = await provider.create(inputs);
    const news = await checked(changed(make, rotate));
    const d = await provider.diff(id, outs, news);
    if (!inPlace) {
      expect(d.replaces!.some((p) => p.startsWith("sourceSecrets"))).toBe(true);
      return;
    }
    expect(d).toMatchObject({ changes: undefined, replaces: [] });
    emulator.control.resetStats();
    const updated = await provider.update(id, outs, news);
    expect(calls("PATCH", "")).toBe(1);
    expect(sameCredential(updated.outs.sourceSecrets, opened(news.sourceSecrets))).toBe(true);
    expect(JSON.stringify(updated.outs)).not.toMatch(/rotated-/);
    expect(await provider.diff(id, updated.outs, news)).toMatchObject({ changes: false });
  });
});

// bigquery has no PATCH form: it changes nothing in place.
describe.each(cases.flatMap((c) => (c.inPlace ? [{ ...c, inPlace: c.inPlace }] : [])))("pipe source kind $kind in place", ({ make, inPlace }) => {
  it("an in-place change is one PATCH, after which nothing differs", async () => {
    const inputs = await checked(make());
    const { id, outs } = await provider.create(inputs);
    const news = await checked(changed(make, inPlace));
    expect(await provider.diff(id, outs, news)).toMatchObject({ changes: true, replaces: [] });
    emulator.control.resetStats();
    const updated = await provider.update(id, outs, news);
    expect(calls("PATCH", "")).toBe(1);
    expect(await provider.diff(id, updated.outs, news)).toMatchObject({ changes: false });
    const read = await provider.read(id, updated.outs);
    expect(await provider.diff(id, read.props, news)).toMatchObject({ changes: false });
  });
});

describe.each([
  ["mysql", () => mysqlPipe(), { sourceSchemaName: "shop", sourceTable: "items", targetTable: "shop_items" }],
  ["mongodb", () => mongodbPipe(), { sourceDatabaseName: "app", sourceCollection: "items", targetTable: "app_items" }],
] as const)("%s table mappings", (kind, make, added) => {
  it("an added and an edited mapping: paused, removed, added back, started again", async () => {
    const inputs = await checked(make());
    const { id, outs } = await provider.create(inputs);
    const spec: Obj = make();
    const mappings = spec.source[kind].tableMappings;
    mappings[0].targetTable = `${mappings[0].targetTable}_v2`;
    mappings.push(added);
    const news = await checked(spec);
    expect(await provider.diff(id, outs, news)).toMatchObject({ changes: true, replaces: [] });
    emulator.control.resetStats();
    const updated = await provider.update(id, outs, news);
    expect(calls("PATCH", "")).toBe(2);
    expect(calls("PATCH", "/state")).toBe(2);
    expect((updated.outs.source as Obj)[kind].tableMappings).toHaveLength(3);
    expect(updated.outs.state).toMatch(/Running|Snapshot/);
    expect(await provider.diff(id, updated.outs, news)).toMatchObject({ changes: false });
  });
});

describe("defaults", () => {
  it("a mysql port left out is 3306, with no diff afterwards", async () => {
    const spec: Obj = mysqlPipe();
    delete spec.source.mysql.port;
    const inputs = await checked(spec);
    expect(inputs.source.mysql.port).toBe(3306);
    const { id, outs } = await provider.create(inputs);
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false });
  });
});
