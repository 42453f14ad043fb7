/**
 * The object read back must be the one asked for (issue 26, item 2): an answer to the read of
 * object A that carries object B (the emulator's scripted answer, B's own body in the API's
 * envelope) is refused with an error naming both ids, for every kind and both stack surfaces,
 * and nothing is recorded under A's id. The same holds for the answer of a PUT.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { endpointInputs } from "../support/endpoint-fixtures";
import { configureWith } from "../support/engine";
import { alertEngine, dashboardEngine, endpointEngine, pipeEngine, savedSearchEngine, type Engine } from "../support/engines";
import { checked, up, type Deployed } from "../support/engine-run";
import { kafkaPipe } from "../support/pipe-fixtures";
import { checkedPipe } from "../support/pipe-props";
import { rawJson, type Surface } from "../support/raw-api";
import { storedStack } from "../support/stored";
import { configFor, fixturesOn, surfaceOf, type TargetKind } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";

type Obj = Record<string, any>;

interface Case {
  name: string;
  engine: Engine;
  target: TargetKind;
  surface: Surface;
  /** The path of its kind's collection below the surface, as the raw client takes it. */
  collection: string;
  a: Deployed;
  b: Deployed;
}

let emulator: Emulator;
const cases: Case[] = [];
const settings = (target: TargetKind) => configureWith(configFor(target, emulator, { pollIntervalMs: "10", maxRetries: "0" }));

beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
  const ref = { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId };
  settings("cloud");
  const pipes = [
    await pipeEngine.create(await checkedPipe(emulator, kafkaPipe("asked"))),
    await pipeEngine.create(await checkedPipe(emulator, kafkaPipe("other"))),
  ];
  cases.push({ name: "Pipe", engine: pipeEngine, target: "cloud", surface: "cloud", collection: "/pipes", a: pipes[0], b: pipes[1] });
  const endpoints = [
    await endpointEngine.create(await checked(endpointEngine, endpointInputs({ ...ref, description: "asked" }))),
    await endpointEngine.create(await checked(endpointEngine, endpointInputs({ ...ref, description: "other" }, "MSK_MULTI_VPC"))),
  ];
  cases.push({
    name: "ReversePrivateEndpoint",
    engine: endpointEngine,
    target: "cloud",
    surface: "cloud",
    collection: "/pipesReversePrivateEndpoints",
    a: endpoints[0],
    b: endpoints[1],
  });
  for (const target of ["cloud", "server"] as const) {
    settings(target);
    const fx = fixturesOn(emulator, target);
    const boards = [await up(dashboardEngine, fx.dashboardInputs({ name: "asked" })), await up(dashboardEngine, fx.dashboardInputs({ name: "other" }))];
    const alert = (board: Deployed, name: string) => up(alertEngine, fx.alertInputs({ dashboardId: board.id, tileId: board.outs.tileIds.Errors, name }));
    const search = (name: string) => up(savedSearchEngine, { name, sourceId: storedStack(emulator, target).sources[0].id, where: "level:error" });
    const surface = surfaceOf(target);
    cases.push(
      { name: `StackDashboard (${target})`, engine: dashboardEngine, target, surface, collection: "/dashboards", a: boards[0], b: boards[1] },
      {
        name: `StackAlert (${target})`,
        engine: alertEngine,
        target,
        surface,
        collection: "/alerts",
        a: await alert(boards[0], "asked"),
        b: await alert(boards[1], "other"),
      },
      {
        name: `StackSavedSearch (${target})`,
        engine: savedSearchEngine,
        target,
        surface,
        collection: "/saved-searches",
        a: await search("asked"),
        b: await search("other"),
      },
    );
  }
});
afterAll(() => emulator?.close());

/** B's own answer, in its surface's envelope, as the server would send it for B. */
async function answerOf(c: Case): Promise<Obj> {
  const b: unknown = await rawJson(emulator, c.surface, "GET", `${c.collection}/${c.b.id}`);
  return c.surface === "stack-server" ? { data: b } : { status: 200, requestId: "r-other", result: b };
}

/** The engine's props of A, on its surface. */
const propsOf = (c: Case): Obj => (c.target === "server" ? { ...c.a.outs, stackUrl: emulator.url } : c.a.outs);

describe("an answer carrying another object", () => {
  it("read of every kind refuses it, naming both ids", async () => {
    expect(cases.map((c) => c.name)).toHaveLength(8);
    for (const c of cases) {
      settings(c.target);
      emulator.control.resetStats();
      emulator.control.script({ method: "GET", path: `${c.collection}/${c.a.id}$`, status: 200, body: await answerOf(c) });
      const read = c.engine.read(c.a.id, propsOf(c));
      await expect(read, c.name).rejects.toThrow(
        `unexpected answer from the API (another object: id ${c.b.id}, but ${c.a.id} was asked for); it is not recorded as ${c.a.id}`,
      );
      expect(emulator.control.stats().faults, `${c.name}: the scripted answer was sent`).toEqual({ scripted: 1 });
      // Without the fault, the same read is A's.
      expect((await c.engine.read(c.a.id, propsOf(c))).id, c.name).toBe(c.a.id);
    }
  });

  it("the answer of a PUT (a dashboard's update) refuses it too", async () => {
    const c = cases.find((x) => x.name === "StackDashboard (server)")!;
    settings(c.target);
    const fx = fixturesOn(emulator, c.target);
    const news = { ...(await checked(dashboardEngine, fx.dashboardInputs({ name: "asked-renamed" }))), stackUrl: emulator.url };
    emulator.control.resetStats();
    emulator.control.script({ method: "PUT", path: `/dashboards/${c.a.id}$`, kind: "after", status: 200, body: await answerOf(c) });
    await expect(c.engine.update(c.a.id, propsOf(c), news)).rejects.toThrow(
      `PUT dashboards/${c.a.id}: unexpected answer from the API (another object: id ${c.b.id}`,
    );
    expect(emulator.control.stats().faults).toEqual({ scripted: 1 });
  });
});
