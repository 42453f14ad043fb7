/**
 * Two stacks, one program: another stack's identical object, made just before our create or
 * while our POST is in flight, is never recorded as ours, whatever ambiguous fault our POST
 * meets (every ambiguous kind the emulator has), for every resource kind; and an error's advice
 * never names the other's object as this resource's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import type { ScriptedFault } from "../../emulator/faults";
import { isMarker } from "../../provider/engine/create-once";
import { createBody as pipeBody } from "../../provider/resources/pipe/body";
import { createBody as endpointBody } from "../../provider/resources/reverse-private-endpoint/body";
import type { PipeInputs } from "../../provider/resources/pipe/policy";
import type { EndpointInputs } from "../../provider/resources/reverse-private-endpoint/policy";
import {
  alertEngine as alerts,
  dashboardEngine as dashboards,
  endpointEngine as endpoints,
  pipeEngine as pipes,
  savedSearchEngine as searches,
  type Engine,
} from "../support/engines";
import { endpointInputs } from "../support/endpoint-fixtures";
import { kafkaPipe, objectStoragePipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { rawJson } from "../support/raw-api";
import { anHourAgo } from "../support/an-hour-ago";
import { storedEndpoints, storedPipes, storedStack, type Stored } from "../support/stored";
import { checked } from "../support/engine-run";
import { STACK_CASES, surfaceOf, useTarget } from "../support/stack-targets";
import { stackCase, startGenerations } from "../support/stack-generations";
import { startTestEmulator } from "../support/emulator";

type Obj = Record<string, any>;

/** Every ambiguous fault the emulator scripts, and whether the request ran before it struck. */
const AMBIGUOUS = [
  { name: "502 before it ran", fault: { kind: "before", status: 502 }, applied: false },
  { name: "502 after it ran", fault: { kind: "after", status: 502 }, applied: true },
  { name: "dropped before it ran", fault: { kind: "drop", apply: false }, applied: false },
  { name: "dropped after it ran", fault: { kind: "drop", apply: true }, applied: true },
  { name: "HTML 504 before it ran", fault: { kind: "html", status: 504, apply: false }, applied: false },
  { name: "HTML 504 after it ran", fault: { kind: "html", status: 504, apply: true }, applied: true },
] as const;

/** How long our faulted POST is held before the emulator runs or refuses it: the other stack acts meanwhile. */
const HOLD_MS = 400;

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: Error & { id?: string }) => e,
  );

/**
 * Runs `ours` with its POST held by the emulator (the scripted fault's delay), and `theirs` once
 * the emulator has received that POST: theirs is made while ours is in flight.
 */
async function whileOursIsInFlight<T>(emulator: Emulator, ours: () => Promise<T>, theirs: () => Promise<unknown>) {
  const running = ours().then(
    (value) => ({ value, error: undefined }),
    (error: Error & { id?: string }) => ({ value: undefined, error }),
  );
  const deadline = Date.now() + 5_000;
  while (emulator.control.script() > 0) {
    if (Date.now() > deadline) throw new Error("our POST never reached the emulator");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const other = await theirs();
  return { ...(await running), other };
}

/** The ids of the objects a list holds, sorted. */
const ids = (objects: readonly Stored[]) => objects.map((o) => o.id).sort();

describe("pipes and endpoints (one service)", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());
  beforeEach(() => {
    emulator.control.reset();
    emulator.control.clearScripts();
    useTarget("cloud", emulator, { maxRetries: "4" });
  });

  const pipeInputs = async (name: string) =>
    checked(pipes, engineInputs(kafkaPipe(name), { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId }));
  const endpointOf = async () => checked(endpoints, endpointInputs({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId }));
  const postPipes: Pick<ScriptedFault, "method" | "path"> = { method: "POST", path: "/pipes$" };
  const postEndpoints: Pick<ScriptedFault, "method" | "path"> = { method: "POST", path: "/pipesReversePrivateEndpoints$" };
  const madeEndpoints = () => storedEndpoints(emulator).filter((e) => e.description === "kafka brokers");

  /** The create's requests on the collection and item routes of `collection`, by method (polls of the item left out). */
  function requestsOn(collection: string): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [route, n] of Object.entries(emulator.control.stats().byRoute)) {
      const [method, template] = route.split(" ");
      if (!template.endsWith(`/${collection}`) && !(template.includes(`/${collection}/`) && method !== "GET")) continue;
      counts[method] = (counts[method] ?? 0) + n;
    }
    return counts;
  }

  it("normal path: a pipe's create is one list, one POST and one rename (two requests more than the POST)", async () => {
    emulator.control.resetStats();
    const made = await pipes.create(await pipeInputs("counted"));
    expect(requestsOn("pipes")).toEqual({ GET: 1, POST: 1, PATCH: 1 });
    expect(storedPipes(emulator).map((p) => [p.id, p.name])).toEqual([[made.id, "counted"]]);
  });

  const oneOffInputs = async (name: string) => {
    const one = objectStoragePipe(name);
    const once = { ...one, source: { objectStorage: { ...one.source.objectStorage, isContinuous: false } } };
    return checked(pipes, engineInputs(once, { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId }));
  };

  it("normal path: a pipe that loads once is created under its own name (one list, one POST, no rename) and ends Completed", async () => {
    emulator.control.resetStats();
    const made = await pipes.create(await oneOffInputs("once"));
    expect(requestsOn("pipes")).toEqual({ GET: 1, POST: 1 });
    expect(storedPipes(emulator).map((p) => [p.id, p.name, p.state])).toEqual([[made.id, "once", "Completed"]]);
  });

  it.each(AMBIGUOUS)(
    "a pipe that loads once, our POST meets $name: an identical pipe made meanwhile is reported, never recorded",
    async ({ fault, applied }) => {
      const ours = await oneOffInputs("once-racing");
      emulator.control.script({ ...postPipes, ...fault, delayMs: HOLD_MS });
      const run = await whileOursIsInFlight(
        emulator,
        () => pipes.create(ours),
        async () => rawJson(emulator, "cloud", "POST", "/pipes", pipeBody(ours as PipeInputs)),
      );
      const theirs = run.other as { id: string };
      expect(run.value, "the loser never succeeds").toBeUndefined();
      expect(run.error?.id, "nothing for the engine to record").toBeUndefined();
      expect(run.error?.message).not.toContain(`adoptId: "${theirs.id}"`);
      // Theirs or ours holds the name (the name is unique): one pipe, never recorded by this create.
      expect(storedPipes(emulator), applied ? "ours was refused (409) or theirs was" : "only theirs").toHaveLength(1);
    },
  );

  it("normal path: an endpoint's create is one list and one POST (one request more)", async () => {
    emulator.control.resetStats();
    await endpoints.create(await endpointOf());
    expect(requestsOn("pipesReversePrivateEndpoints")).toEqual({ GET: 1, POST: 1 });
  });

  it("a pipe left under a temporary name by a create cut short is named before any POST, and adopting it renames it", async () => {
    const inputs = await pipeInputs("left");
    // Older than any create in flight: a create cut short, not one still running.
    const orphan = (await anHourAgo(() =>
      rawJson(emulator, "cloud", "POST", "/pipes", { ...pipeBody(inputs as PipeInputs), name: "left--pipestack-create-0123456789ab" }),
    )) as {
      id: string;
    };
    emulator.control.resetStats();
    const err = await failure(pipes.create(inputs));
    expect(err?.message).toContain(`taken by pipe ${orphan.id} under the temporary name "left--pipestack-create-0123456789ab" of an interrupted create`);
    expect(err?.message).toContain(`pulumi config set --path 'pipestack:adopt["left"]' ${orphan.id}`);
    expect(
      Object.keys(emulator.control.stats().byRoute).filter((r) => r.startsWith("POST")),
      "no POST",
    ).toEqual([]);
    const adopted = await pipes.create({ ...inputs, adoptId: orphan.id });
    expect(adopted.id).toBe(orphan.id);
    expect(storedPipes(emulator).map((p) => [p.id, p.name])).toEqual([[orphan.id, "left"]]);
  });

  it("a pipe that takes the name between our POST and our rename wins: ours is deleted again, theirs never recorded", async () => {
    const inputs = await pipeInputs("contested");
    // Our rename is held, then refused (503, not applied); the retry meets their pipe holding the name.
    emulator.control.script({ method: "PATCH", path: "/pipes/[^/]+$", status: 503, kind: "before", delayMs: HOLD_MS });
    const theirBody = { ...pipeBody(inputs as PipeInputs), destination: { ...(inputs.destination as Obj), table: "their_table" } };
    const run = await whileOursIsInFlight(
      emulator,
      () => pipes.create(inputs),
      () => rawJson(emulator, "cloud", "POST", "/pipes", theirBody),
    );
    const theirs = run.other as { id: string };
    expect(run.value).toBeUndefined();
    expect(run.error?.message).toMatch(
      new RegExp(`pipe ${theirs.id} \\(created [^)]+\\) was made by someone else while this create ran .*: it took the name "contested"`),
    );
    expect(run.error?.message).toMatch(/the pipe this create made \([0-9a-f-]{36}\) was deleted again/);
    expect(run.error?.id).toBeUndefined();
    expect(
      storedPipes(emulator)
        .filter((p) => p.state !== "Deleting" && !p.deleteAt)
        .map((p) => p.id),
    ).toEqual([theirs.id]);
  });

  it("two stacks racing, the first one's rename delayed: the second is told another create may be running, offered no adoption, and records nothing", async () => {
    const inputs = await pipeInputs("delayed");
    // The first stack's rename is held, then refused before it ran (503): its retry renames.
    emulator.control.script({ method: "PATCH", path: "/pipes/[^/]+$", status: 503, kind: "before", delayMs: HOLD_MS });
    const run = await whileOursIsInFlight(
      emulator,
      () => pipes.create(inputs),
      () => failure(pipes.create(inputs)),
    );
    const second = run.other as (Error & { id?: string }) | undefined;
    expect(run.error).toBeUndefined();
    const first = run.value!;
    expect(second?.message).toMatch(
      new RegExp(`taken by pipe ${first.id} under the temporary name "delayed--pipestack-create-[0-9a-f]{12}" of another create`),
    );
    expect(second?.message).toContain("Another create may be running: wait and run `pulumi up` again");
    expect(second?.message).not.toMatch(/adoptId: "|pipestack:adopt\[/);
    expect(second?.id, "nothing for the engine to record").toBeUndefined();
    expect(storedPipes(emulator).map((p) => [p.id, p.name])).toEqual([[first.id, "delayed"]]);
  });

  it.each([
    { name: "a 502", fault: { status: 502, kind: "before" }, table: undefined },
    { name: "an HTML 504", fault: { status: 504, kind: "html", apply: false }, table: undefined },
    { name: "a 502 after it ran", fault: { status: 502, kind: "after" }, table: undefined },
    // Another table: our POST is taken, and the rename meets the name taken.
    { name: "a 502 (its table another)", fault: { status: 502, kind: "before" }, table: "their_table" },
    { name: "an HTML 504 after it ran (its table another)", fault: { status: 504, kind: "html", apply: true }, table: "their_table" },
  ] as const)(
    "a look-alike made 0.2 s before our POST, which meets $name: never recorded nor offered for adoption, ours deleted again",
    async ({ fault, table }) => {
      const inputs = await pipeInputs("look-alike");
      // This run's list was read (its check) before the look-alike was made.
      expect((await pipes.check({}, inputs)).failures).toEqual([]);
      const body = pipeBody(inputs as PipeInputs);
      const theirBody = table ? { ...body, destination: { ...(body.destination as Obj), table } } : body;
      const theirs = (await rawJson(emulator, "cloud", "POST", "/pipes", theirBody)) as { id: string };
      await new Promise((resolve) => setTimeout(resolve, 200));
      emulator.control.script({ ...postPipes, ...fault });
      const err = await failure(pipes.create(inputs));
      // Refused at the POST (its destination table is fed) or at the rename (the name): theirs named either way.
      expect(err?.message).toContain(`pipe ${theirs.id}`);
      expect(err?.message).toContain("Another create may be running: wait and run `pulumi up` again");
      expect(err?.message).not.toMatch(/adoptId: "|pipestack:adopt\[/);
      expect(err?.id, "nothing for the engine to record").toBeUndefined();
      expect(
        storedPipes(emulator)
          .filter((p) => !p.deleteAt)
          .map((p) => p.id),
        "theirs only: ours was deleted again",
      ).toEqual([theirs.id]);
    },
  );

  describe.each(AMBIGUOUS)("our POST meets: $name", ({ fault, applied }) => {
    it("pipe: the other stack's identical pipe, made just before, is named as existing before and never recorded", async () => {
      const theirs = await pipes.create(await pipeInputs("twin"));
      const before = storedPipes(emulator);
      emulator.control.script({ ...postPipes, ...fault });
      const err = await failure(pipes.create(await pipeInputs("twin")));
      expect(err?.message).toContain(`taken by pipe ${theirs.id}`);
      expect(err?.message).toContain("existed before this create began");
      expect(err?.id, "nothing for the engine to record").toBeUndefined();
      expect(storedPipes(emulator)).toEqual(before);
    });

    it("pipe: the other stack's identical pipe, made while our POST is in flight, is never recorded nor offered for adoption", async () => {
      emulator.control.script({ ...postPipes, ...fault, delayMs: HOLD_MS });
      const ours = await pipeInputs("racing");
      const run = await whileOursIsInFlight(
        emulator,
        () => pipes.create(ours),
        async () => rawJson(emulator, "cloud", "POST", "/pipes", pipeBody(ours as PipeInputs)),
      );
      const theirs = run.other as { id: string };
      expect(run.value, "the loser never succeeds").toBeUndefined();
      expect(run.error?.message).toContain(`pipe ${theirs.id}`);
      expect(run.error?.message).toContain("was made by someone else while this create ran");
      expect(run.error?.message).not.toContain(`adoptId: "${theirs.id}"`);
      expect(run.error?.id).toBeUndefined();
      expect(ids(storedPipes(emulator)), "only theirs: ours never made a second").toEqual([theirs.id]);
    });

    it("endpoint: the other stack's identical endpoint, made just before, is never recorded nor named", async () => {
      const theirs = await endpoints.create(await endpointOf());
      emulator.control.script({ ...postEndpoints, ...fault });
      const result = await endpoints.create(await endpointOf()).then(
        (r) => ({ id: r.id, error: undefined }),
        (error: Error & { id?: string }) => ({ id: undefined, error }),
      );
      const made = madeEndpoints();
      expect(made, "theirs and one of ours, never two of ours").toHaveLength(2);
      const oursId = made.map((e) => e.id).find((id) => id !== theirs.id)!;
      expect(result.error?.message ?? "").not.toContain(theirs.id);
      if (applied) {
        // Applied: ours exists but nothing proves it; it is reported, not recorded.
        expect(result.error?.message).toContain(`reverse private endpoint ${oursId} matches it and was made while it ran`);
        expect(result.error?.id).toBeUndefined();
      } else {
        expect(result.id).toBe(oursId);
      }
    });

    it("endpoint: the other stack's identical endpoint, made while our POST is in flight, is never recorded nor offered as ours", async () => {
      emulator.control.script({ ...postEndpoints, ...fault, delayMs: HOLD_MS });
      const run = await whileOursIsInFlight(
        emulator,
        async () => endpoints.create(await endpointOf()),
        async () => rawJson(emulator, "cloud", "POST", "/pipesReversePrivateEndpoints", endpointBody((await endpointOf()) as EndpointInputs)),
      );
      const theirs = run.other as { id: string };
      expect(run.value, "no proof, no adoption").toBeUndefined();
      expect(run.error?.message).toContain("not recorded as this resource's");
      expect(run.error?.message).not.toContain(`adoptId: "`);
      expect(run.error?.id).toBeUndefined();
      expect(ids(madeEndpoints())).toHaveLength(applied ? 2 : 1);
      expect(ids(madeEndpoints())).toContain(theirs.id);
    });
  });
});

const stackEmulators = startGenerations();

describe.each(STACK_CASES)("stack objects on a %s server (%s)", (version, kind) => {
  const { emulator: current, tile, dashboardInputs, alertInputs } = stackCase(stackEmulators, version, kind, { reset: true });
  let emulator: Emulator;
  beforeEach(() => {
    emulator = current();
    useTarget(kind, emulator, { maxRetries: "4" });
  });
  const path = (collection: string) => (kind === "server" ? `^/api/v2/${collection}$` : `/stack/${collection}$`);
  const stored = () => storedStack(emulator, kind);

  /** Ours and theirs both live, ours recorded under its own id, theirs untouched, no marker left on ours. */
  function expectBoth(list: () => Stored[], oursId: string, theirs: Stored) {
    const after = list();
    expect(ids(after)).toEqual([oursId, theirs.id].sort());
    expect(after.find((o) => o.id === theirs.id)).toEqual(theirs);
    const ours = after.find((o) => o.id === oursId)!;
    for (const value of [...(ours.tags ?? []), ours.note, ours.name]) expect(isMarker(value), "the marker was taken off").toBe(false);
  }

  /** Each stack kind: how to make the program's object, the stored list, and the POST body another program would send. */
  const kinds = (): Record<string, { engine: Engine; inputs: () => Promise<Obj>; list: () => Stored[]; collection: string }> => ({
    dashboard: {
      engine: dashboards,
      inputs: () => checked(dashboards, dashboardInputs({ name: "twin", tags: ["team-a"] })),
      list: () => stored().dashboards,
      collection: "dashboards",
    },
    alert: {
      engine: alerts,
      inputs: async () => {
        const boards = stored().dashboards;
        const board = boards.find((d) => d.name === "with-alerts") ?? (await rawBoard());
        return checked(alerts, alertInputs({ dashboardId: board.id, tileId: board.tiles[0].id, message: "same" }));
      },
      list: () => stored().alerts,
      collection: "alerts",
    },
    ...(version === "2.36.0"
      ? {
          "saved search": {
            engine: searches,
            inputs: () =>
              checked(searches, {
                name: "errors",
                sourceId: stored().sources[0].id,
                where: "level:error",
                tags: ["team-a"],
                stackUrl: kind === "server" ? emulator.url : undefined,
              }),
            list: () => stored().savedSearches,
            collection: "saved-searches",
          },
        }
      : {}),
  });

  async function rawBoard(): Promise<Stored> {
    await dashboards.create(await checked(dashboards, dashboardInputs({ name: "with-alerts", tiles: [tile("Errors")] })));
    return stored().dashboards.find((d) => d.name === "with-alerts")!;
  }

  const kindsHere = version === "2.36.0" ? ["dashboard", "alert", "saved search"] : ["dashboard", "alert"];
  it("normal path: a dashboard's, alert's and saved search's create is one POST and one PUT (one request more)", async () => {
    const byMethod = (collection: string) => {
      const counts: Record<string, number> = {};
      for (const [route, n] of Object.entries(emulator.control.stats().byRoute)) {
        const [method, template] = route.split(" ");
        if (method !== "GET" && (template.endsWith(`/${collection}`) || template.includes(`/${collection}/`))) counts[method] = (counts[method] ?? 0) + n;
      }
      return counts;
    };
    for (const what of kindsHere) {
      const k = kinds()[what];
      const inputs = await k.inputs();
      emulator.control.resetStats();
      const made = await k.engine.create(inputs);
      expect(byMethod(k.collection), what).toEqual({ POST: 1, PUT: 1 });
      expect(
        Object.keys(emulator.control.stats().byRoute).filter((r) => r.startsWith("GET") && r.endsWith(`/${k.collection}`)),
        `${what}: no list`,
      ).toEqual([]);
      const ours = k.list().find((o) => o.id === made.id)!;
      for (const value of [...(ours.tags ?? []), ours.note, ours.name]) expect(isMarker(value), `${what}: the marker was taken off`).toBe(false);
    }
  });

  describe.each(AMBIGUOUS)("our POST meets: $name", ({ fault }) => {
    for (const what of kindsHere) {
      it(`${what}: the other stack's identical one, made just before, is never recorded; ours is ours`, async () => {
        const k = kinds()[what];
        const theirs = await k.engine.create(await k.inputs());
        const before = k.list().find((o) => o.id === theirs.id)!;
        emulator.control.script({ method: "POST", path: path(k.collection), ...fault });
        const ours = await k.engine.create(await k.inputs());
        expect(ours.id).not.toBe(theirs.id);
        expectBoth(k.list, ours.id, before);
      });

      it(`${what}: the other stack's identical one, made while our POST is in flight, is never recorded`, async () => {
        const k = kinds()[what];
        const inputs = await k.inputs();
        emulator.control.script({ method: "POST", path: path(k.collection), ...fault, delayMs: HOLD_MS });
        const run = await whileOursIsInFlight(
          emulator,
          () => k.engine.create(inputs),
          () => k.engine.create(inputs),
        );
        expect(run.error).toBeUndefined();
        const theirs = run.other as { id: string };
        expect(run.value!.id).not.toBe(theirs.id);
        expectBoth(
          k.list,
          run.value!.id,
          k.list().find((o) => o.id === theirs.id)!,
        );
        expect(await rawJson(emulator, surfaceOf(kind), "GET", `/${k.collection}/${theirs.id}`)).toMatchObject({ id: theirs.id });
      });
    }
  });
});
