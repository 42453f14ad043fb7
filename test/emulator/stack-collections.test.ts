/**
 * The stack's collections table (emulator/stack/collections.ts) reaches every place derived from
 * it: checked over the table, so a row added there is checked here with no change but a sample
 * (which the type of SAMPLES demands). A stack holding one object per collection, loaded from a
 * state file, shows each in the control dump (write-only values left out), in the tests' count
 * of what programs made, in its list route on the current server (paged or whole as the row
 * says), under the rate limit, and in the state file written again and read by a restart; a
 * file that predates a collection restores the row's older-file answer or its seed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { limitedSurfaceOf } from "../../emulator/rate-limit";
import { COLLECTION_KEYS, STACK_COLLECTIONS } from "../../emulator/stack/collections";
import { seededConnection, seededMember, seededSources, seededWebhook } from "../../emulator/stack/seed";
import type { StackShapes } from "../../emulator/stack/records";
import { control } from "../support/control-api";
import { startTestEmulator } from "../support/emulator";
import { apiV2 } from "../support/raw-api";
import { storedObjects, storedStack } from "../support/stored";

const at = new Date(0).toISOString();
const id = (n: number) => `65f0c0de00000000000009${String(n).padStart(2, "0")}`;
const PASSWORD = "sample-connection-password";
const TOKEN = "ab".repeat(32);

/** One object per collection, none of them seeded: a row of the table without one here fails the typecheck. */
const SAMPLES: { [K in keyof StackShapes]: StackShapes[K] } = {
  dashboards: { id: id(1), name: "sample", tiles: [], tags: [], createdAt: at, updatedAt: at },
  alerts: {
    id: id(2),
    threshold: 1,
    interval: "5m",
    source: "saved_search",
    thresholdType: "above",
    channel: { type: "webhook", webhookId: seededWebhook().id },
    dashboardId: null,
    tileId: null,
    savedSearchId: id(3),
    groupBy: null,
    name: "sample",
    message: null,
    state: "OK",
    team: "65f0c0de0000000000000001",
    silenced: null,
    createdAt: at,
    updatedAt: at,
  },
  savedSearches: {
    id: id(3),
    name: "sample",
    sourceId: id(6),
    select: "",
    where: "",
    whereLanguage: "lucene",
    orderBy: "",
    tags: [],
    filters: [],
    createdAt: at,
    updatedAt: at,
  },
  webhooks: { ...seededWebhook(), id: id(4), name: "sample", headers: { Authorization: "sample-header-secret" } },
  connections: { id: id(5), name: "sample", host: "h", username: "u", password: PASSWORD, createdAt: at, updatedAt: at },
  sources: { ...seededSources("sample")[0], id: id(6), connection: id(5) },
  members: { id: id(7), email: "sample@example.test", name: "Sample", createdAt: at },
  invitations: { id: id(8), email: "invited@example.test", token: TOKEN, createdAt: at },
};

const dir = mkdtempSync(path.join(tmpdir(), "emulator-collections-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lists = Object.fromEntries(COLLECTION_KEYS.map((key) => [key, [SAMPLES[key]]]));
const idsIn = (list: { id: string }[] | undefined) => (list ?? []).map((o) => o.id);

describe.each(COLLECTION_KEYS)("the collection %s", (key) => {
  it("is under the stack server's rate limit, its list and its objects", () => {
    const row = STACK_COLLECTIONS[key];
    expect(limitedSurfaceOf(`/api/v2${row.path}`)).toBe("stack");
    expect(limitedSurfaceOf(`/api/v2${row.path}/${id(0)}`)).toBe("stack");
  });

  it("is in the dump, the count of made objects, its list route, the state file written again and its restart", async () => {
    const stateFile = path.join(dir, `${key}.json`);
    writeFileSync(stateFile, JSON.stringify({ version: 1, services: [], stack: lists }));
    const first = await startTestEmulator({ stateFile, stackApiVersion: "2.36.0" });
    try {
      const stack = storedStack(first, "server");
      expect(idsIn(stack[key])).toEqual([SAMPLES[key].id]);
      expect(storedObjects(first)).toBe(COLLECTION_KEYS.length);

      const row = STACK_COLLECTIONS[key];
      const listed = await apiV2(first).call("GET", row.path);
      expect(listed.status, listed.text).toBe(200);
      expect(idsIn(listed.json.data)).toContain(SAMPLES[key].id);
      expect(listed.json.meta !== undefined).toBe(row.paging === "paged");

      // A change rewrites the file: every collection is in it, write-only values included.
      expect((await apiV2(first).call("POST", "/connections", { name: "change", host: "h", username: "u" })).status).toBe(200);
      const written = JSON.parse(readFileSync(stateFile, "utf8")) as { stack: Record<string, { id: string }[]> };
      expect(idsIn(written.stack[key])).toContain(SAMPLES[key].id);
    } finally {
      await first.close();
    }
    const second = await startTestEmulator({ stateFile, stackApiVersion: "2.36.0" });
    try {
      expect(idsIn(storedStack(second, "server")[key])).toContain(SAMPLES[key].id);
    } finally {
      await second.close();
    }
  });
});

describe("the write-only values", () => {
  it("stay out of the dump, stay in the state file and survive a restart", async () => {
    const stateFile = path.join(dir, "secrets.json");
    writeFileSync(stateFile, JSON.stringify({ version: 1, services: [], stack: lists }));
    const emulator = await startTestEmulator({ stateFile, stackApiVersion: "2.36.0" });
    try {
      const dump = JSON.stringify(emulator.control.state());
      for (const secret of [PASSWORD, TOKEN, "sample-header-secret"]) expect(dump).not.toContain(secret);
      expect((await control(emulator, "POST", `/connections/${id(5)}/password`, { password: PASSWORD })).json).toEqual({ matches: true });
      expect((await control(emulator, "POST", `/connections/${id(5)}/password`, { password: "other" })).json).toEqual({ matches: false });
      expect((await control(emulator, "POST", `/connections/${id(0)}/password`, { password: "" })).status).toBe(404);
    } finally {
      await emulator.close();
    }
  });
});

describe("a state file written before connections, members and invitations were kept", () => {
  it("restores a connection per connection its sources name, the seeded member and no invitation", async () => {
    const stateFile = path.join(dir, "older.json");
    const sources = seededSources("server");
    writeFileSync(stateFile, JSON.stringify({ version: 1, services: [], stack: { dashboards: [], alerts: [], sources } }));
    const emulator = await startTestEmulator({ stateFile, stackApiVersion: "2.36.0" });
    try {
      const stack = storedStack(emulator, "server");
      expect(stack.connections).toEqual([(({ password: _p, ...rest }) => rest)({ ...seededConnection("server") })]);
      expect(stack.members).toEqual([seededMember()]);
      expect(stack.invitations).toEqual([]);
      expect(idsIn(stack.webhooks)).toEqual([seededWebhook().id]);
      expect(storedObjects(emulator)).toBe(0);
    } finally {
      await emulator.close();
    }
  });
});
