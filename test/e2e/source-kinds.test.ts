/**
 * One example per newer source kind under the real CLI (pubsub, mysql, mongodb, bigquery): up,
 * no perpetual diff, a change made in place (or, for bigquery, which takes none, a rotated key
 * that replaces), a change that replaces, destroy. No secret in plaintext in what the CLI printed
 * or in the exported state; `sourceSecrets` is ciphertext.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, expectCiphertext, resourcesOf } from "./harness";
import { idsOf, STEP_TIMEOUT } from "./example-flow";
import { storedPipe } from "./pipe-cases";

type Obj = Record<string, any>;

interface KindCase {
  kind: string;
  program: string;
  resource: string;
  secretConfig: Record<string, string>;
  /** The second change: in place, or (bigquery) a replacement. */
  second: { set: Record<string, string>; secret?: boolean; op: "update" | "replace"; applied(pipe: Obj): void };
  replace: { set: Record<string, string>; reason: string; applied(pipe: Obj): void };
}

const cases: KindCase[] = [
  {
    kind: "pubsub",
    program: "examples/pubsub",
    resource: "events",
    secretConfig: { serviceAccountFile: "e2e-pubsub-key-file" },
    second: { set: { ackDeadline: "120" }, op: "update", applied: (p) => expect(p.source.ackDeadline).toBe(120) },
    replace: { set: { topic: "events-v2" }, reason: "source.pubsub.topic", applied: (p) => expect(p.source.topic).toBe("events-v2") },
  },
  {
    kind: "mysql",
    program: "examples/mysql-cdc",
    resource: "binlog",
    secretConfig: { mysqlPassword: "e2e-mysql-password" },
    second: {
      set: { tables: "users,orders,items" },
      op: "update",
      applied: (p) => expect(p.source.tableMappings.map((m: Obj) => m.targetTable)).toEqual(["shop_users", "shop_orders", "shop_items"]),
    },
    replace: {
      set: { replicationMechanism: "FILE_POS" },
      reason: "source.mysql.settings.replicationMechanism",
      applied: (p) => expect(p.source.settings.replicationMechanism).toBe("FILE_POS"),
    },
  },
  {
    kind: "mongodb",
    program: "examples/mongodb-cdc",
    resource: "oplog",
    secretConfig: { mongodbPassword: "e2e-mongodb-password" },
    second: {
      set: { collections: "users,orders,carts" },
      op: "update",
      applied: (p) => expect(p.source.tableMappings.map((m: Obj) => m.targetTable)).toEqual(["app_users", "app_orders", "app_carts"]),
    },
    replace: {
      set: { jsonNative: "false" },
      reason: "source.mongodb.settings.useJsonNativeFormat",
      applied: (p) => expect(p.source.settings.useJsonNativeFormat).toBe(false),
    },
  },
  {
    kind: "bigquery",
    program: "examples/bigquery-snapshot",
    resource: "load",
    secretConfig: { serviceAccountFile: "e2e-warehouse-key-file" },
    second: {
      set: { serviceAccountFile: "e2e-warehouse-key-file-2" },
      secret: true,
      op: "replace",
      applied: (p) => expect(p.state).toMatch(/Snapshot|Completed/),
    },
    replace: {
      set: { stagingPath: "https://staging.example.test/other/" },
      reason: "source.bigquery.snapshotStagingPath",
      applied: (p) => expect(p.source.snapshotStagingPath).toBe("https://staging.example.test/other/"),
    },
  },
];

describe.each(cases)("example for source kind $kind", (c) => {
  let s: E2EStack;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    // The rotated key is a secret too: it must never show in plaintext either.
    s = await E2EStack.open({ program: c.program, secretConfig: c.secretConfig, secrets: c.second.secret ? Object.values(c.second.set) : [] });
  }, STEP_TIMEOUT);
  afterAll(() => s?.close());

  async function checkSecrets(): Promise<void> {
    const exported = await s.assertNoPlaintextSecrets();
    for (const r of resourcesOf(exported.resources, "pipestack:Pipe")) {
      expectCiphertext(r.inputs?.sourceSecrets, `${r.urn} inputs.sourceSecrets`);
      expectCiphertext(r.outputs?.sourceSecrets, `${r.urn} outputs.sourceSecrets`);
    }
    ids = idsOf(exported.resources);
  }

  it(
    "up creates the pipe; a second preview shows no changes",
    async () => {
      await s.up();
      expect(s.pipes()).toHaveLength(1);
      expect(s.pipes()[0].kind).toBe(c.kind);
      await checkSecrets();
      await s.expectNoChanges();
    },
    STEP_TIMEOUT,
  );

  it(
    `the second change previews as its kind of change and applies`,
    async () => {
      for (const [k, v] of Object.entries(c.second.set)) await s.setConfig(k, v, c.second.secret);
      const step = (await s.previewJson())[c.resource];
      console.log(`[e2e] ${c.kind} second change: ${JSON.stringify({ op: step.op, diffReasons: step.diffReasons, replaceReasons: step.replaceReasons })}`);
      expect(step.op).toBe(c.second.op);
      const before = ids[c.resource];
      await s.up();
      await checkSecrets();
      expect(ids[c.resource] === before).toBe(c.second.op === "update");
      c.second.applied(storedPipe(s, ids, c.resource));
      await s.expectNoChanges();
    },
    STEP_TIMEOUT,
  );

  it(
    "a fixed field previews as a replacement naming it and applies",
    async () => {
      for (const [k, v] of Object.entries(c.replace.set)) await s.setConfig(k, v);
      const step = (await s.previewJson())[c.resource];
      expect(step.op).toBe("replace");
      expect(step.replaceReasons).toContain(c.replace.reason);
      await s.up();
      await checkSecrets();
      expect(s.pipes()).toHaveLength(1);
      c.replace.applied(storedPipe(s, ids, c.resource));
    },
    STEP_TIMEOUT,
  );

  it(
    "destroy leaves the emulator empty",
    async () => {
      await s.destroy();
      expect(s.storedObjects()).toBe(0);
      await s.assertNoPlaintextSecrets();
    },
    STEP_TIMEOUT,
  );
});
