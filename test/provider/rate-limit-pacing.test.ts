/**
 * The client paces itself under the stack server's limit (emulated as the 2.36.0 server applies
 * it, with a short window): parallel operations of one process share one count of what the
 * server allows, so they complete without spending requests on 429s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { savedSearchEngine as searchImpl } from "../support/engines";
import { startTestEmulator } from "../support/emulator";
import { up } from "../support/engine-run";
import { rawJson } from "../support/raw-api";
import { useTarget } from "../support/stack-targets";

const LIMIT = 20;
const WINDOW_MS = 2_000;
// Enough for more than two windows of requests (each saved search: its POST and PUT, its DELETE, and shared list reads).
const OPERATIONS = 14;

describe("pacing under the stack server's limit", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ stackApiVersion: "2.36.0", stackRateLimit: LIMIT, stackRateWindowMs: WINDOW_MS });
  });
  afterAll(() => emulator.close());

  it(`${OPERATIONS} parallel creates and deletes over several windows: at most one answer 429`, async () => {
    // One retry only: an operation that met two 429s in a row would fail.
    useTarget("server", emulator, { maxRetries: "1" });
    const sourceId = ((await rawJson(emulator, "stack-server", "GET", "/sources")) as { id: string }[])[0].id;
    emulator.control.resetStats();
    const started = Date.now();
    const made = await Promise.all(
      Array.from({ length: OPERATIONS }, (_, i) => up(searchImpl, { name: `paced ${i}`, sourceId, where: `service:s${i}`, tags: [] })),
    );
    await Promise.all(made.map((m) => searchImpl.delete(m.id, m.outs)));
    const wall = Date.now() - started;
    const stats = emulator.control.stats();
    const live = (await rawJson(emulator, "stack-server", "GET", "/saved-searches")) as { name: string }[];
    expect(live.filter((s) => s.name.startsWith("paced "))).toEqual([]);
    // The operations needed more than two windows' worth of requests, so the limit was met...
    expect(stats.requests).toBeGreaterThan(2 * LIMIT);
    // ...and waited for, not run into.
    expect(stats.rateLimited.stack).toBeLessThanOrEqual(1);
    expect(wall).toBeGreaterThanOrEqual((Math.ceil(stats.requests / LIMIT) - 2) * WINDOW_MS);
  });
});
