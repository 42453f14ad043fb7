/**
 * Never take over what is not ours: after a create fails ambiguously, another stack's object
 * (one that existed before the POST, or one whose fields differ) is never adopted, never
 * changed, and its id is never recorded. And one retry budget bounds a whole create.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Emulator } from "../../emulator";
import { alertEngine as alerts, dashboardEngine as dashboards, pipeEngine as pipes, EXISTING } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { storedPipes, storedStack } from "../support/stored";
import { checked } from "../support/engine-run";
import { STACK_CASES, useTarget } from "../support/stack-targets";
import { stackCase, startGenerations } from "../support/stack-generations";
import { startTestEmulator } from "../support/emulator";

type Obj = Record<string, any>;
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.clearScripts();
  emulator.control.resetStats();
});
afterEach(() => vi.useRealTimers());
/** The stack parts run on both server generations, one emulator each. */
const stackEmulators = startGenerations();

/**
 * Runs `make` with this process's clock (so the emulator's too) an hour behind: what it creates
 * reads as made an hour before anything after it. The emulator's `Date` header keeps the real
 * time (Node's own clock), as a server's would.
 */
async function anHourAgo<T>(make: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 3_600_000 });
  try {
    return await make();
  } finally {
    vi.useRealTimers();
  }
}

async function pipeInputs(spec: Obj): Promise<Obj> {
  const result = await pipes.check(EXISTING, engineInputs(spec, { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId }));
  expect(result.failures).toEqual([]);
  return result.inputs as Obj;
}

const POST_PIPES = { method: "POST", path: "/pipes$", status: 502, kind: "before", count: 1 } as const;

describe("pipes: an ambiguous create never adopts another stack's pipe", () => {
  beforeEach(() => useTarget("cloud", emulator, { maxRetries: "3" }));

  it("a pipe of the same name with other fields is named in the error, untouched and not recorded", async () => {
    const theirs = kafkaPipe("shared-name");
    // Older than any create in flight: only such a holder is offered for adoption.
    const other = await anHourAgo(async () => pipes.create(await pipeInputs(theirs)));
    const before = storedPipes(emulator);
    const ours = kafkaPipe("shared-name");
    ours.source.kafka.topics = "orders";
    ours.destination.table = "orders_table";
    emulator.control.script(POST_PIPES);
    const err = await pipes.create(await pipeInputs(ours)).then(
      () => undefined,
      (e: Error & { id?: string }) => e,
    );
    expect(err?.message).toMatch(/pipes not sent: the name "shared-name" is taken by pipe .*which existed before this create began/);
    expect(err?.message).toContain(`taken by pipe ${other.id}`);
    expect(err?.message).toContain(`pipestack:adopt["shared-name"]`);
    expect(err?.id).toBeUndefined(); // nothing for the engine to record
    expect(storedPipes(emulator)).toEqual(before);
  });

  it("an identical pipe made before the POST began is not taken either", async () => {
    const other = await anHourAgo(async () => pipes.create(await pipeInputs(kafkaPipe("twin"))));
    const before = storedPipes(emulator);
    emulator.control.script(POST_PIPES);
    const err = await pipes.create(await pipeInputs(kafkaPipe("twin"))).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toContain(`taken by pipe ${other.id}`);
    expect(storedPipes(emulator)).toEqual(before);
  });

  it("a name held before the create began is named with how to adopt it, and no POST is sent", async () => {
    const other = await anHourAgo(async () => pipes.create(await pipeInputs(kafkaPipe("taken"))));
    const err = await pipes.create(await pipeInputs(kafkaPipe("taken"))).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/POST .*\/pipes not sent: .*taken by pipe/);
    // The first create's POST only.
    const posts = Object.entries(emulator.control.stats().byRoute).filter(([route]) => route.startsWith("POST") && route.endsWith("/pipes"));
    expect(posts.map(([, n]) => n)).toEqual([1]);
    expect(err?.message).toContain(`pulumi config set --path 'pipestack:adopt["taken"]' ${other.id}`);
    expect(err?.message).toContain(`adoptId: "${other.id}"`);
    expect(err?.message, "what an adoption of another's pipe costs").toContain("adopting another stack's pipe means a `destroy` of this stack deletes it");
  });

  it("a name held by a pipe made minutes ago (another create may be in flight) is never offered for adoption, and no POST is sent", async () => {
    const other = await pipes.create(await pipeInputs(kafkaPipe("young")));
    emulator.control.resetStats();
    const err = await pipes.create(await pipeInputs(kafkaPipe("young"))).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toContain(`taken by pipe ${other.id}`);
    expect(err?.message).toContain("Another create may be running: wait and run `pulumi up` again");
    expect(err?.message).not.toMatch(/adoptId: "|pipestack:adopt\[/);
    expect(Object.keys(emulator.control.stats().byRoute).filter((r) => r.startsWith("POST"))).toEqual([]);
  });

  it("pipestack:adopt names a pipe to adopt by its name: read, not created again", async () => {
    const existing = await pipes.create(await pipeInputs(kafkaPipe("left-behind")));
    useTarget("cloud", emulator, { maxRetries: "3", adopt: JSON.stringify({ "left-behind": existing.id }) });
    emulator.control.resetStats();
    const adopted = await pipes.create(await pipeInputs(kafkaPipe("left-behind")));
    expect(adopted.id).toBe(existing.id);
    expect(storedPipes(emulator).map((p) => p.id)).toEqual([existing.id]);
    expect(Object.keys(emulator.control.stats().byRoute).filter((route) => route.startsWith("POST"))).toEqual([]);
  });

  it("a POST that meets 429 forever is sent maxRetries + 1 times in all", async () => {
    emulator.control.script({ method: "POST", path: "/pipes$", status: 429, headers: { "X-RateLimit-Reset": "0" }, count: 50 });
    await expect(pipes.create(await pipeInputs(kafkaPipe("limited")))).rejects.toThrow(/429/);
    const posts = Object.entries(emulator.control.stats().byRoute).filter(([route]) => route.startsWith("POST") && route.endsWith("/pipes"));
    expect(posts.map(([, n]) => n)).toEqual([4]);
  });

  it("ambiguous failures and 429s together stay within one budget", async () => {
    emulator.control.script(
      { method: "POST", path: "/pipes$", status: 502, count: 1 },
      { method: "POST", path: "/pipes$", status: 429, headers: { "X-RateLimit-Reset": "0" }, count: 50 },
    );
    await expect(pipes.create(await pipeInputs(kafkaPipe("mixed")))).rejects.toThrow(/429/);
    const byRoute = Object.entries(emulator.control.stats().byRoute).filter(([route]) => route.endsWith("/pipes"));
    // 1 POST + 3 retries (one after the 502, two after 429s), the list before the POST and the one that found nothing.
    expect(Object.fromEntries(byRoute.map(([route, n]) => [route.split(" ")[0], n]))).toEqual({ POST: 4, GET: 2 });
  });
});

describe.each(STACK_CASES)("stack objects on a %s server: an ambiguous create never adopts another stack's object (%s)", (version, kind) => {
  const dashboardsPath = kind === "server" ? "^/api/v2/dashboards$" : "/stack/dashboards$";
  const alertsPath = kind === "server" ? "^/api/v2/alerts$" : "/stack/alerts$";
  const { emulator: current, tile, dashboardInputs, alertInputs } = stackCase(stackEmulators, version, kind, { reset: true });
  let emulator: Emulator;
  beforeEach(() => {
    emulator = current();
    useTarget(kind, emulator, { maxRetries: "3" });
  });

  it("a dashboard of the same name and layout but other tags gets a dashboard of its own", async () => {
    const theirs = await dashboards.create(await checked(dashboards, dashboardInputs({ name: "shared", tags: ["team-b"] })));
    const before = storedStack(emulator, kind).dashboards;
    emulator.control.script({ method: "POST", path: dashboardsPath, status: 502, kind: "before" });
    const ours = await dashboards.create(await checked(dashboards, dashboardInputs({ name: "shared", tags: ["team-a"] })));
    expect(ours.id).not.toBe(theirs.id);
    const after = storedStack(emulator, kind).dashboards;
    expect(after.find((d) => d.id === theirs.id)).toEqual(before[0]);
    expect(after.map((d) => d.id).sort()).toEqual([theirs.id, ours.id].sort());
  });

  it("an identical dashboard made before the POST began is not taken", async () => {
    const theirs = await anHourAgo(async () => dashboards.create(await checked(dashboards, dashboardInputs({ name: "twin" }))));
    const before = storedStack(emulator, kind).dashboards;
    emulator.control.script({ method: "POST", path: dashboardsPath, status: 502, kind: "before" });
    const ours = await dashboards.create(await checked(dashboards, dashboardInputs({ name: "twin" })));
    expect(ours.id).not.toBe(theirs.id);
    expect(storedStack(emulator, kind).dashboards.find((d) => d.id === theirs.id)).toEqual(before[0]);
    expect(storedStack(emulator, kind).dashboards).toHaveLength(2);
  });

  it("an alert on the same tile with another message, or made before, is not taken", async () => {
    const board = await dashboards.create(await checked(dashboards, dashboardInputs({ name: "with-alerts", tiles: [tile("Errors")] })));
    const on = { dashboardId: board.id, tileId: board.outs.tileIds.Errors };
    const differs = await alerts.create(await checked(alerts, alertInputs({ ...on, message: "theirs" })));
    const twin = await anHourAgo(async () => alerts.create(await checked(alerts, alertInputs({ ...on, message: "same" }))));
    const before = storedStack(emulator, kind).alerts;
    emulator.control.script({ method: "POST", path: alertsPath, status: 502, kind: "before" });
    const ours = await alerts.create(await checked(alerts, alertInputs({ ...on, message: "same" })));
    expect([differs.id, twin.id]).not.toContain(ours.id);
    const after = storedStack(emulator, kind).alerts;
    for (const theirs of before) expect(after.find((a) => a.id === theirs.id)).toEqual(theirs);
    expect(after).toHaveLength(3);
  });

  it("a matching dashboard without this create's marker, listed after a 502, is not taken: the POST goes again", async () => {
    // A server with opaque ids and no createdAt: the list is scripted to answer one such dashboard.
    const opaque = {
      id: "opaque-dashboard-1",
      name: "undated",
      tags: [],
      tiles: [
        {
          id: "opaque-tile-1",
          name: "Errors",
          x: 0,
          y: 0,
          w: 6,
          h: 3,
          asRatio: false,
          series: [{ type: "time", dataSource: "events", sourceId: tile("x").series[0].sourceId, aggFn: "count", where: "", groupBy: [] }],
        },
      ],
    };
    const listed = kind === "server" ? { data: [opaque] } : { status: 200, requestId: "00000000-0000-4000-8000-0000000000aa", result: [opaque] };
    emulator.control.script(
      { method: "POST", path: dashboardsPath, status: 502, kind: "before" },
      { method: "GET", path: dashboardsPath, status: 200, body: listed },
    );
    const ours = await dashboards.create(await checked(dashboards, dashboardInputs({ name: "undated", tiles: [tile("Errors")] })));
    expect(ours.id).not.toBe("opaque-dashboard-1");
    expect(storedStack(emulator, kind).dashboards.map((d) => d.id)).toEqual([ours.id]);
  });

  it("a dashboard POST applied, then answered 502, is still recovered without a duplicate", async () => {
    emulator.control.script({ method: "POST", path: dashboardsPath, status: 502, kind: "after" });
    const ours = await dashboards.create(await checked(dashboards, dashboardInputs({ name: "applied" })));
    expect(storedStack(emulator, kind).dashboards.map((d) => d.id)).toEqual([ours.id]);
  });
});
