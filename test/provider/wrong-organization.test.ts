/**
 * A wrong `organizationId` (issue 26, item 5): the API answers its own JSON 404 (`organization
 * ... not found`) to every path under it. Where the 404 is about a path that names no object (a
 * service, a collection) the error names the organization and service settings; an object's own
 * 404 stays what it was, the question its collection answers (gone, or not). Against the
 * emulator; the pure rule is a table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { cloudSurface, namesNoObject, settingToCheck } from "../../provider/client/surface";
import { configureWith } from "../support/engine";
import { dashboardEngine, pipeEngine } from "../support/engines";
import { up } from "../support/engine-run";
import { kafkaPipe } from "../support/pipe-fixtures";
import { checkedPipe } from "../support/pipe-props";
import { cloud } from "../support/raw-api";
import { configFor, fixturesOn } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";

const WRONG_ORG = "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f";
const scopeHint = /check pipestack:organizationId and pipestack:serviceId \(or the resource's organizationId \/ serviceId, or the connection's\)/;

describe("which 404 names the organization and service settings (pure)", () => {
  const surface = cloudSurface("https://api.example.test", "id", "secret");
  const svc = "/v1/organizations/o-1/services/s-1";
  it.each([
    ["the service", svc, true],
    ["a collection", `${svc}/pipes`, true],
    ["a collection, with a query", `${svc}/pipes?limit=1000&offset=1000`, true],
    ["a stack collection", `${svc}/stack/dashboards`, true],
    ["the service, under a prefix of the base URL", `/gateway${svc}/pipesReversePrivateEndpoints`, true],
    ["a pipe", `${svc}/pipes/p-1`, false],
    ["a pipe's settings", `${svc}/pipes/p-1/settings`, false],
    ["a dashboard", `${svc}/stack/dashboards/d-1`, false],
    ["a path outside any organization", "/v1/organizations", false],
  ])("%s", (_what, path, none) => {
    expect(namesNoObject(path)).toBe(none);
    expect(settingToCheck(surface, 404, true, path) === surface.wrongScope).toBe(none);
  });
  it("a route's 404 (not JSON) names the URL, and other statuses nothing new", () => {
    expect(settingToCheck(surface, 404, false, `${svc}/pipes`)).toBe(surface.wrongUrl);
    expect(settingToCheck(surface, 409, true, `${svc}/pipes`)).toBeUndefined();
  });
});

describe("against the emulator", () => {
  let emulator: Emulator;
  const settings = (over: Record<string, string> = {}) => configureWith(configFor("cloud", emulator, { pollIntervalMs: "10", maxRetries: "0", ...over }));

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator?.close());

  it("the API itself: an unknown organization is a JSON 404 on every path, a missing pipe one on its own path", async () => {
    const wrong = await cloud(emulator).call("GET", "/pipes");
    expect(wrong.status).toBe(200);
    const res = await fetch(`${emulator.url}/v1/organizations/${WRONG_ORG}/services/${emulator.options.serviceId}/pipes`, {
      headers: { authorization: `Basic ${Buffer.from(`${emulator.options.keyId}:${emulator.options.keySecret}`).toString("base64")}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: `NOT_FOUND: organization ${WRONG_ORG} not found` });
  });

  it("a create under a wrong pipestack:organizationId names the setting", async () => {
    settings({ organizationId: WRONG_ORG });
    const inputs = await checkedPipe(emulator, kafkaPipe("wrong-org"));
    await expect(pipeEngine.create({ ...inputs, organizationId: WRONG_ORG })).rejects.toThrow(scopeHint);
  });

  it("a refresh under a wrong organizationId names the setting and keeps the state; a deleted pipe is still just gone", async () => {
    settings();
    const pipe = await pipeEngine.create(await checkedPipe(emulator, kafkaPipe("kept")));
    const err = await pipeEngine.read(pipe.id, { ...pipe.outs, organizationId: WRONG_ORG }).then(
      () => new Error("the read succeeded"),
      (e: Error) => e,
    );
    expect(err.message).toMatch(
      new RegExp(`^GET /v1/organizations/${WRONG_ORG}/services/\\S+/pipes/${pipe.id} -> 404 NOT_FOUND: organization ${WRONG_ORG} not found`),
    );
    expect(err.message).toMatch(scopeHint);
    expect(err.message).toMatch(/Nothing in the state was changed\.$/);
    // The object's own 404 under the right organization is still the proof that it is gone.
    expect((await cloud(emulator).call("DELETE", `/pipes/${pipe.id}`)).status).toBe(200);
    await expect.poll(async () => (await pipeEngine.read(pipe.id, pipe.outs)).id, { timeout: 10_000 }).toBe("");
  });

  it("a stack object through the cloud proxy, under a wrong organizationId, names the setting", async () => {
    settings();
    const board = await up(dashboardEngine, fixturesOn(emulator, "cloud").dashboardInputs({ name: "wrong-org" }));
    settings({ organizationId: WRONG_ORG });
    await expect(dashboardEngine.read(board.id, { ...board.outs, organizationId: WRONG_ORG })).rejects.toThrow(scopeHint);
    await expect(dashboardEngine.delete(board.id, { ...board.outs, organizationId: WRONG_ORG })).rejects.toThrow(scopeHint);
  });
});
