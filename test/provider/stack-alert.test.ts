/**
 * StackAlert's life on both targets of both server generations, in what the two share: tile and
 * search alerts, deletions behind its back, the server's refusals, credentials never shown, a
 * 404 of an object still listed, a wrong stackUrl, a resource choosing its own stack.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { rawCall, rawJson } from "../support/raw-api";
import { storedStack } from "../support/stored";
import type { Emulator } from "../../emulator/index";
import { alertEngine as alertImpl, dashboardEngine as dashboardImpl } from "../support/engines";
import { KEY_SECRET, STACK_TOKEN } from "../support/emulator";
import { STACK_CASES, STACK_VERSIONS, fixturesOn, surfaceOf, useTarget } from "../support/stack-targets";
import { checked, preview, up } from "../support/engine-run";
import { emulatorOf, stackCase, startGenerations } from "../support/stack-generations";

const emulators = startGenerations();

/** The state a new alert reads back in: the contract's `inactive`, a current server's `OK`. */
const NEW_STATE = { "2.0.0": "inactive", "2.36.0": "OK" } as const;

describe.each(STACK_CASES)("StackAlert on a %s server, %s target", (version, kind) => {
  const { emulator: current, dashboardInputs, alertInputs } = stackCase(emulators, version, kind);
  let emulator: Emulator;
  beforeEach(() => {
    emulator = current();
    useTarget(kind, emulator);
  });
  const storedAlert = (id: string) => storedStack(emulator, kind).alerts.find((a) => a.id === id);

  async function boardWithAlert(over: Record<string, unknown> = {}) {
    const board = await up(dashboardImpl, dashboardInputs());
    const program = alertInputs({ dashboardId: board.id, tileId: board.outs.tileIds.Errors, message: "errors are high", ...over });
    return { board, program, alert: await up(alertImpl, program) };
  }

  it("creates, reads, updates (one PUT of the whole body) and deletes an alert", async () => {
    const { board, program, alert } = await boardWithAlert();
    expect(alert.outs).toMatchObject({
      state: NEW_STATE[version],
      silenced: false,
      dashboardId: board.id,
      tileId: board.outs.tileIds.Errors,
      name: "errors-high",
    });
    expect(alert.outs, "one output key per value").not.toHaveProperty("dashboard");
    expect(alert.outs.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof alert.outs.team).toBe("string");
    expect(storedAlert(alert.id)).toMatchObject({ threshold: 10, interval: "5m", message: "errors are high" });
    expect((await preview(alertImpl, program, alert)).changes, "preview right after up").toBe(false);
    expect(await alertImpl.read(alert.id, alert.outs)).toEqual({ id: alert.id, props: alert.outs });

    const { message: _m, ...withoutMessage } = program;
    const next = { ...withoutMessage, threshold: 25, interval: "15m", thresholdType: "below", tileId: board.outs.tileIds.Latency };
    const updated = await up(alertImpl, next, alert);
    expect(updated.diff?.diffs.map((d) => `${d.path}:${d.kind}`).sort()).toEqual([
      "interval:update",
      "message:update",
      "threshold:update",
      "thresholdType:update",
      "tileId:update",
    ]);
    expect(updated.id).toBe(alert.id);
    expect(storedAlert(alert.id)).toMatchObject({ threshold: 25, interval: "15m", thresholdType: "below", message: null, tileId: board.outs.tileIds.Latency });
    expect((await preview(alertImpl, next, updated)).changes).toBe(false);

    await alertImpl.delete(alert.id, updated.outs);
    expect(storedAlert(alert.id)).toBeUndefined();
    await expect(alertImpl.delete(alert.id, updated.outs), "deleting an alert already gone is done").resolves.toBeUndefined();
  });

  it("creates a search alert", async () => {
    // A current server refuses a saved search it does not hold; the first generation takes any id.
    const savedSearchId =
      version === "2.0.0"
        ? "s0000000000000000000001"
        : (
            await rawJson(emulator, surfaceOf(kind), "POST", "/saved-searches", {
              name: "errors",
              sourceId: storedStack(emulator, kind).sources[0].id,
              where: "level:error",
            })
          ).id;
    const program = alertInputs({ source: "search", dashboardId: undefined, tileId: undefined, savedSearchId, groupBy: "service" });
    const alert = await up(alertImpl, program);
    expect(alert.outs).toMatchObject({ source: "search", savedSearchId, groupBy: "service" });
    expect((await preview(alertImpl, program, alert)).changes).toBe(false);
  });

  it("reads an alert deleted behind its back as gone, and says so on update", async () => {
    const { alert, program } = await boardWithAlert();
    expect((await rawCall(emulator, surfaceOf(kind), "DELETE", `/alerts/${alert.id}`)).status).toBe(200);
    expect(await alertImpl.read(alert.id, alert.outs)).toEqual({ id: "", props: {} });
    await expect(alertImpl.update(alert.id, alert.outs, await checked(alertImpl, { ...program, threshold: 1 }))).rejects.toThrow(
      /no longer exists.*pulumi refresh/,
    );
  });

  it("passes on the server's refusal of a tile that does not exist, with status and path", async () => {
    const { alert, program } = await boardWithAlert();
    const news = await checked(alertImpl, { ...program, tileId: "ffffffffffffffffffffffff" });
    await expect(alertImpl.update(alert.id, alert.outs, news)).rejects.toThrow(/PUT \/\S*alerts\/\w+ -> 40[04] .*Tile not found/);
    expect(storedAlert(alert.id), "the alert is untouched").toBeDefined();
  });

  it("goes with its dashboard", async () => {
    const { board, alert } = await boardWithAlert();
    await dashboardImpl.delete(board.id, board.outs);
    expect(await alertImpl.read(alert.id, alert.outs)).toEqual({ id: "", props: {} });
    await expect(alertImpl.delete(alert.id, alert.outs)).resolves.toBeUndefined();
  });

  it("never shows a credential in outputs or errors", async () => {
    const texts: string[] = [];
    const { board, alert } = await boardWithAlert();
    texts.push(JSON.stringify([board, alert, await dashboardImpl.read(board.id, board.outs), (await dashboardImpl.check({}, dashboardInputs())).inputs]));
    const errorOf = (p: Promise<unknown>) =>
      p.then(
        () => "resolved",
        (e: Error) => e.message,
      );
    texts.push(await errorOf(alertImpl.update(alert.id, alert.outs, await checked(alertImpl, alertInputs({ dashboardId: board.id, tileId: "nope" })))));
    useTarget(kind, emulator, { keySecret: "wrong-cloud-secret-31", stackToken: "wrong-stack-token-31" });
    const refused = await errorOf(dashboardImpl.read(board.id, board.outs));
    expect(refused).toMatch(/401/);
    texts.push(refused);
    useTarget(kind, emulator, { stackToken: "", keySecret: "" });
    const missing = await errorOf(dashboardImpl.read(board.id, board.outs));
    expect(missing).toMatch(kind === "server" ? /pipestack:stackToken is not set/ : /pipestack:keySecret is not set/);
    texts.push(missing);
    for (const text of texts) {
      for (const secret of [
        KEY_SECRET,
        STACK_TOKEN,
        "wrong-cloud-secret-31",
        "wrong-stack-token-31",
        Buffer.from(`${emulator.options.keyId}:${KEY_SECRET}`).toString("base64"),
      ]) {
        expect(text, `${secret} leaked`).not.toContain(secret);
      }
    }
  });

  it("takes a 404 of an object its collection still lists for an error, plain-text or JSON: gone needs the list without it", async () => {
    const { board } = await boardWithAlert();
    const struck = () => emulator.control.stats().faults.scripted ?? 0;
    const before = struck();
    emulator.control.script({ method: "GET", path: `/dashboards/${board.id}$`, status: 404, body: "Not Found" });
    emulator.control.script({ method: "GET", path: `/dashboards/${board.id}$`, status: 404, body: { message: "Dashboard not found" } });
    for (let i = 0; i < 2; i++) {
      await expect(dashboardImpl.read(board.id, board.outs)).rejects.toThrow(/-> 404 .*yet its collection lists dashboard .*Nothing in the state was changed/);
    }
    expect(struck(), "both scripted 404s struck").toBe(before + 2);
    // Deleted for real, it is gone: its collection answers without it.
    await rawCall(emulator, surfaceOf(kind), "DELETE", `/dashboards/${board.id}`);
    expect(await dashboardImpl.read(board.id, board.outs)).toEqual({ id: "", props: {} });
  });
});

describe.each(STACK_VERSIONS)("a wrong stackUrl on a %s server: a missing route is not a missing object", (version) => {
  it("fails read, update and delete of an alert and a dashboard with a message naming the URL and stackUrl, and changes nothing", async () => {
    const emulator = emulatorOf(emulators, version);
    useTarget("server", emulator);
    const fx = fixturesOn(emulator, "server");
    const boardProgram = fx.dashboardInputs();
    const board = await up(dashboardImpl, boardProgram);
    const alertProgram = fx.alertInputs({ dashboardId: board.id, tileId: board.outs.tileIds.Errors });
    const alert = await up(alertImpl, alertProgram);
    const wrong = `${emulator.url}/wrong-prefix`;
    useTarget("server", emulator, { stackUrl: wrong });
    const clue = /-> 404 .*the collection \/wrong-prefix\/api\/v2\/(alerts|dashboards)|stackUrl.*is probably wrong/;
    const routeMissing = /route is missing, not the object: pipestack:stackUrl \(or the resource's stackUrl\) is probably wrong/;
    for (const [impl, deployed, program] of [
      [alertImpl, alert, alertProgram],
      [dashboardImpl, board, boardProgram],
    ] as const) {
      const props = { ...deployed.outs, stackUrl: wrong };
      await expect(impl.read(deployed.id, props)).rejects.toThrow(routeMissing);
      // An update, too, says the route is missing: not that the object is gone (which `refresh` would then contradict).
      const changed = await checked(impl, { ...program, name: "renamed", stackUrl: wrong });
      await expect(impl.update(deployed.id, props, changed)).rejects.toThrow(routeMissing);
      await expect(impl.delete(deployed.id, props)).rejects.toThrow(clue);
    }
    expect(
      storedStack(emulator, "server").alerts.some((a) => a.id === alert.id),
      "the alert is still there",
    ).toBe(true);
    expect(
      storedStack(emulator, "server").dashboards.some((d) => d.id === board.id),
      "the dashboard is still there",
    ).toBe(true);
  });
});

describe.each(STACK_VERSIONS)("a resource may choose its own stack (%s server)", (version) => {
  it("lands on the server when it names stackUrl, with the cloud configured; moving it back replaces it", async () => {
    const emulator = emulatorOf(emulators, version);
    useTarget("cloud", emulator);
    const { dashboardInputs } = fixturesOn(emulator, "server");
    const program = dashboardInputs({ stackUrl: emulator.url });
    const board = await up(dashboardImpl, program);
    expect(board.outs).toMatchObject({ stackUrl: emulator.url });
    expect(board.outs).not.toHaveProperty("serviceId");
    expect(storedStack(emulator, "server").dashboards.some((d) => d.id === board.id)).toBe(true);
    const back = await dashboardImpl.diff(board.id, board.outs, await checked(dashboardImpl, dashboardInputs()));
    expect(back.replaces?.sort()).toEqual(["organizationId", "serviceId", "stackUrl"]);
  });

  it("lands on the cloud when it names a service, with a server configured", async () => {
    const emulator = emulatorOf(emulators, version);
    useTarget("server", emulator);
    const { dashboardInputs } = fixturesOn(emulator, "cloud");
    const board = await up(dashboardImpl, dashboardInputs({ serviceId: emulator.options.serviceId }));
    expect(board.outs).toMatchObject({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
    expect(storedStack(emulator, "cloud").dashboards.some((d) => d.id === board.id)).toBe(true);
  });
});
