/**
 * A wrong URL never empties the state (issue 19, item 2). Every resource kind is deployed on the
 * emulator, then `pipestack:apiUrl` (and the stack server's `stackUrl`) point at a server that is
 * not the API: a JSON 404 to everything, or a 200 HTML page or `{}` to everything. Read (refresh)
 * and delete (destroy) must fail naming the setting and saying the state was kept, never answer
 * "gone" or "deleted"; update never says "no longer exists". The objects stay on the emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { BROKEN, startBrokenServer, type BrokenKind, type BrokenServer } from "../support/broken-server";
import { endpointInputs } from "../support/endpoint-fixtures";
import { configureWith } from "../support/engine";
import { alertEngine, dashboardEngine, endpointEngine, pipeEngine, savedSearchEngine, type Engine } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { checkedPipe } from "../support/pipe-props";
import { storedEndpoints, storedPipes, storedStack } from "../support/stored";
import { checked, up, type Deployed } from "../support/engine-run";
import { configFor, fixturesOn, type TargetKind } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";

type Obj = Record<string, any>;

interface Case {
  name: string;
  engine: Engine;
  target: TargetKind;
  deployed: Deployed;
  /** The checked inputs of a change, for update. */
  changed: Obj;
  /** Whether the object is still on the emulator. */
  stored: () => boolean;
}

let emulator: Emulator;
const cases: Case[] = [];
const settings = (target: TargetKind, over: Record<string, string> = {}) =>
  configureWith(configFor(target, emulator, { pollIntervalMs: "10", maxRetries: "0", ...over }));

beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0", retryAfterSeconds: 0 });
  const ref = { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId };
  settings("cloud");
  const pipe = await pipeEngine.create(await checkedPipe(emulator, kafkaPipe("kept")));
  cases.push({
    name: "Pipe",
    engine: pipeEngine,
    target: "cloud",
    deployed: pipe,
    changed: await checkedPipe(emulator, kafkaPipe("kept-renamed")),
    stored: () => storedPipes(emulator).some((p) => p.id === pipe.id),
  });
  const endpoint = await endpointEngine.create(await checked(endpointEngine, endpointInputs(ref)));
  cases.push({
    name: "ReversePrivateEndpoint",
    engine: endpointEngine,
    target: "cloud",
    deployed: endpoint,
    changed: await checked(endpointEngine, endpointInputs({ ...ref, customPrivateDnsMappings: [{ privateDnsName: "*.kept.example.com" }] })),
    stored: () => storedEndpoints(emulator).some((e) => e.id === endpoint.id),
  });
  for (const target of ["cloud", "server"] as const) {
    settings(target);
    const fx = fixturesOn(emulator, target);
    const stack = () => storedStack(emulator, target);
    const board = await up(dashboardEngine, fx.dashboardInputs());
    const alert = await up(alertEngine, fx.alertInputs({ dashboardId: board.id, tileId: board.outs.tileIds.Errors }));
    const searchProgram = { name: "kept", sourceId: stack().sources[0].id, where: "level:error" };
    const search = await up(savedSearchEngine, searchProgram);
    cases.push(
      {
        name: `StackDashboard (${target})`,
        engine: dashboardEngine,
        target,
        deployed: board,
        changed: await checked(dashboardEngine, fx.dashboardInputs({ name: "renamed" })),
        stored: () => stack().dashboards.some((d) => d.id === board.id),
      },
      {
        name: `StackAlert (${target})`,
        engine: alertEngine,
        target,
        deployed: alert,
        changed: await checked(alertEngine, fx.alertInputs({ dashboardId: board.id, tileId: board.outs.tileIds.Errors, name: "renamed" })),
        stored: () => stack().alerts.some((a) => a.id === alert.id),
      },
      {
        name: `StackSavedSearch (${target})`,
        engine: savedSearchEngine,
        target,
        deployed: search,
        changed: await checked(savedSearchEngine, { ...searchProgram, name: "renamed" }),
        stored: () => stack().savedSearches.some((s) => s.id === search.id),
      },
    );
  }
});
afterAll(() => emulator?.close());

describe.each(Object.keys(BROKEN) as BrokenKind[])("a wrong URL whose server answers %s to everything", (kind) => {
  let broken: BrokenServer;
  beforeAll(async () => {
    broken = await startBrokenServer(BROKEN[kind]);
  });
  afterAll(() => broken?.close());

  /** The props and settings of a case, pointed at the broken server. */
  function pointAtBroken(c: Case): { props: Obj; news: Obj } {
    settings(c.target, { apiUrl: broken.url, ...(c.target === "server" ? { stackUrl: broken.url } : {}) });
    const moved = (p: Obj) => (c.target === "server" ? { ...p, stackUrl: broken.url } : p);
    return { props: moved(c.deployed.outs), news: moved(c.changed) };
  }

  it("read (refresh) and delete (destroy) of every resource kind fail naming the setting; every object stays", async () => {
    expect(cases.map((c) => c.name)).toHaveLength(8);
    for (const c of cases) {
      const { props } = pointAtBroken(c);
      const setting = c.target === "server" ? "pipestack:stackUrl" : "pipestack:apiUrl";
      const clue = new RegExp(`${setting}[\\s\\S]*Nothing in the state was changed`);
      const before = broken.requests.length;
      await expect(c.engine.read(c.deployed.id, props), `${c.name}: read`).rejects.toThrow(clue);
      await expect(c.engine.delete(c.deployed.id, props), `${c.name}: delete`).rejects.toThrow(clue);
      expect(broken.requests.length, `${c.name}: the broken server was asked`).toBeGreaterThan(before);
    }
    expect(
      cases.filter((c) => !c.stored()).map((c) => c.name),
      "objects gone from the emulator",
    ).toEqual([]);
  });

  it("update of every resource kind never says the object no longer exists", async () => {
    for (const c of cases) {
      const { props, news } = pointAtBroken(c);
      const before = broken.requests.length;
      const err: Error = await c.engine.update(c.deployed.id, props, news).then(
        () => new Error("the update succeeded"),
        (e: Error) => e,
      );
      expect(err.message, c.name).toMatch(c.target === "server" ? /pipestack:stackUrl/ : /pipestack:apiUrl/);
      expect(err.message, c.name).not.toMatch(/no longer exists/);
      expect(broken.requests.length, `${c.name}: the broken server was asked`).toBeGreaterThan(before);
    }
  });
});

describe("the right URL: what the proof costs", () => {
  it("a stack delete sends its DELETE and one list (the list lacking the id is the proof); a refresh of a gone object one list more", async () => {
    settings("server");
    const fx = fixturesOn(emulator, "server");
    const board = await up(dashboardEngine, fx.dashboardInputs({ name: "short-lived" }));
    emulator.control.resetStats();
    await dashboardEngine.delete(board.id, board.outs);
    const one = "/api/v2/dashboards/{id}";
    const list = "/api/v2/dashboards";
    expect(emulator.control.stats().byRoute).toEqual({ [`DELETE ${one}`]: 1, [`GET ${list}`]: 1 });
    emulator.control.resetStats();
    expect(await dashboardEngine.read(board.id, board.outs)).toEqual({ id: "", props: {} });
    expect(emulator.control.stats().byRoute).toEqual({ [`GET ${one}`]: 1, [`GET ${list}`]: 1 });
  });
});
