/**
 * The ReversePrivateEndpoint engine against the emulator over HTTP: create waits for `Ready`,
 * the DNS mappings change in place with one PATCH, a replacement keeps no name twice, adopt,
 * delete waits for the 404, and a gone endpoint reads as gone. Requests are counted by route.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { ResourceInitError } from "../../provider/errors";
import { dns, endpointInputs } from "../support/endpoint-fixtures";
import { emulatorWithEngine } from "../support/engine";
import { endpointEngine as engine } from "../support/engines";
import { storedEndpoints } from "../support/stored";
import { checked } from "../support/engine-run";

type Obj = Record<string, any>;
const STEP_MS = 120;
const ROUTE = "/v1/organizations/{organizationId}/services/{serviceId}/pipesReversePrivateEndpoints";
let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorWithEngine({ stepMs: STEP_MS, retryAfterSeconds: 0 }, { maxRetries: "2", retryBaseDelayMs: "0" });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.clearScripts();
  emulator.control.resetStats();
});

const requests = (method: string, one = false) => emulator.control.stats().byRoute[`${method} ${ROUTE}${one ? "/{reversePrivateEndpointId}" : ""}`] ?? 0;
const stored = (id: string) => storedEndpoints(emulator).find((e) => e.id === id);
const inputs = (over: Obj = {}, type?: string) =>
  endpointInputs({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId, ...over }, type);

/** The endpoint a create in flight made, once its POST (after the list read first) went through. */
async function madeByCreate(): Promise<Obj> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 5))) {
    const [endpoint] = storedEndpoints(emulator).filter((e) => e.description === "kafka brokers");
    if (endpoint) return endpoint;
  }
  throw new Error("the create never POSTed");
}

async function created(over: Obj = {}, type?: string): Promise<{ id: string; outs: Obj; news: Obj }> {
  const news = await checked(engine, inputs(over, type));
  const { id, outs } = await engine.create(news);
  return { id, outs, news };
}

describe("ReversePrivateEndpoint create", () => {
  it("waits until the endpoint is Ready, and returns its server fields", async () => {
    const { id, outs } = await created({ customPrivateDnsMappings: dns("*.brokers.example.com") });
    expect(outs.status).toBe("Ready");
    expect(stored(id)?.status).toBe("Ready");
    expect(outs.endpointId).toMatch(/^vpce-/);
    expect(outs.customPrivateDnsMappings).toEqual(dns("*.brokers.example.com"));
    expect(requests("POST")).toBe(1);
    // Provisioning for one step: read again at least once before Ready.
    expect(requests("GET", true)).toBeGreaterThan(0);
  });

  it("reads back with no change: a preview right after shows nothing", async () => {
    const { id, outs, news } = await created({ description: undefined }, "VPC_RESOURCE");
    expect((await engine.diff(id, outs, news)).changes).toBe(false);
    const refreshed = await engine.read(id, outs);
    expect((await engine.diff(id, refreshed.props, news)).changes).toBe(false);
  });

  it("an endpoint the other side must accept fails with what to do, and is kept in state", async () => {
    const news = await checked(engine, inputs({ waitTimeoutSeconds: 1 }));
    const pending = engine.create(news);
    const endpoint = await madeByCreate();
    emulator.control.setEndpointStatus(endpoint.id, "PendingAcceptance");
    const err = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ResourceInitError);
    expect((err as Error).message).toMatch(/is not Ready within 1 s \(still PendingAcceptance\); accept the connection request/);
    expect((err as ResourceInitError).id).toBe(endpoint.id);
  });

  it("a Failed endpoint is an error naming it, kept in state", async () => {
    const news = await checked(engine, inputs());
    const pending = engine.create(news);
    const endpoint = await madeByCreate();
    emulator.control.setEndpointStatus(endpoint.id, "Failed");
    await expect(pending).rejects.toThrow(new RegExp(`reverse private endpoint ${endpoint.id} was created but is Failed`));
  });

  it("after an ambiguous failure, a matching endpoint made meanwhile is reported as unproven, never taken nor offered as this resource's", async () => {
    emulator.control.script({ method: "POST", path: "/pipesReversePrivateEndpoints$", status: 502, kind: "after", count: 1 });
    const news = await checked(engine, inputs());
    const err = await engine.create(news).then(
      () => undefined,
      (e: Error) => e,
    );
    const made = storedEndpoints(emulator).filter((e) => e.description === "kafka brokers");
    expect(made).toHaveLength(1);
    expect(err?.message).toContain(`reverse private endpoint ${made[0].id} matches it and was made while it ran`);
    expect(err?.message).toContain("not recorded as this resource's");
    expect(err?.message).not.toContain(`adoptId: "`);
    expect(requests("POST")).toBe(1);
  });
});

describe("ReversePrivateEndpoint update", () => {
  it("a DNS mapping change is one PATCH with the whole list, in place", async () => {
    const { id, outs } = await created({ customPrivateDnsMappings: dns("a.example.com") });
    const news = await checked(engine, inputs({ customPrivateDnsMappings: dns("a.example.com", "*.b.example.com") }));
    const d = await engine.diff(id, outs, news);
    expect(d.replaces).toEqual([]);
    expect(d.changes).toBe(true);
    const updated = await engine.update(id, outs, news);
    expect(requests("PATCH", true)).toBe(1);
    expect(stored(id)?.customPrivateDnsMappings).toEqual(dns("a.example.com", "*.b.example.com"));
    expect(updated.outs.customPrivateDnsMappings).toEqual(dns("a.example.com", "*.b.example.com"));
    expect((await engine.diff(id, updated.outs, news)).changes).toBe(false);
  });

  it("removing every mapping sends an empty list, which clears them", async () => {
    const { id, outs } = await created({ customPrivateDnsMappings: dns("gone.example.com") });
    const news = await checked(engine, inputs());
    await engine.update(id, outs, news);
    expect(stored(id)?.customPrivateDnsMappings).toEqual([]);
  });

  it("a new endpoint service is a replacement; keeping a DNS name deletes the old one first, and the API would refuse otherwise", async () => {
    const { id, outs } = await created({ customPrivateDnsMappings: dns("kept.example.com") });
    const news = await checked(
      engine,
      inputs({ vpcEndpointServiceName: "com.example.vpce.region-1.vpce-svc-other", customPrivateDnsMappings: dns("kept.example.com") }),
    );
    const d = await engine.diff(id, outs, news);
    expect(d.replaces).toEqual(["vpcEndpointServiceName"]);
    expect(d.deleteBeforeReplace).toBe(true);
    // Create-before-delete would hit the service's uniqueness rule.
    await expect(engine.create(news)).rejects.toThrow(/400 BAD_REQUEST: .*kept\.example\.com is already used by reverse private endpoint/);
    await engine.delete(id, outs);
    const replaced = await engine.create(news);
    expect(stored(replaced.id)?.vpcEndpointServiceName).toBe("com.example.vpce.region-1.vpce-svc-other");
  });

  it("an update of an endpoint deleted elsewhere says how to recover", async () => {
    const { id, outs } = await created();
    await engine.delete(id, outs);
    const news = await checked(engine, inputs({ customPrivateDnsMappings: dns("x.example.com") }));
    await expect(engine.update(id, outs, news)).rejects.toThrow(/no longer exists .*pulumi refresh/);
  });
});

describe("ReversePrivateEndpoint delete and read", () => {
  it("delete waits until the endpoint is gone (it reads Deleting first)", async () => {
    const { id, outs } = await created();
    await engine.delete(id, outs);
    expect(stored(id)).toBeUndefined();
    expect(requests("DELETE", true)).toBe(1);
    expect((await engine.read(id, outs)).id).toBe("");
  });

  it("an endpoint already gone is deleted", async () => {
    const { id, outs } = await created();
    await engine.delete(id, outs);
    await expect(engine.delete(id, outs)).resolves.toBeUndefined();
  });

  it("read with no prior state gives whole outputs from the configured service", async () => {
    const { id } = await created({ customPrivateDnsMappings: dns("r.example.com") });
    const { props } = await engine.read(id, {});
    expect(props).toMatchObject({
      type: "VPC_ENDPOINT_SERVICE",
      serviceId: emulator.options.serviceId,
      status: "Ready",
      customPrivateDnsMappings: dns("r.example.com"),
    });
  });
});

describe("ReversePrivateEndpoint adopt", () => {
  it("adopts an existing endpoint, applying its DNS mappings, without a POST", async () => {
    const seeded = storedEndpoints(emulator).find((e) => e.type === "VPC_ENDPOINT_SERVICE")!;
    const news = await checked(
      engine,
      inputs({
        adoptId: seeded.id,
        description: seeded.description,
        vpcEndpointServiceName: seeded.vpcEndpointServiceName,
        customPrivateDnsMappings: dns("adopted.example.com"),
      }),
    );
    const { id, outs } = await engine.create(news);
    expect(id).toBe(seeded.id);
    expect(requests("POST")).toBe(0);
    expect(stored(id)?.customPrivateDnsMappings).toEqual(dns("adopted.example.com"));
    expect((await engine.diff(id, outs, news)).changes).toBe(false);
  });

  it("refuses to adopt one whose fixed fields differ, naming them, and changes nothing", async () => {
    const seeded = storedEndpoints(emulator).find((e) => e.type === "VPC_ENDPOINT_SERVICE")!;
    const news = await checked(engine, inputs({ adoptId: seeded.id, customPrivateDnsMappings: dns("no.example.com") }));
    await expect(engine.create(news)).rejects.toThrow(
      /adoptId: reverse private endpoint .* differs from the program in fields fixed at creation: description, vpcEndpointServiceName/,
    );
    // Each with the live value beside the program's.
    await expect(engine.create(news)).rejects.toThrow(
      `description: live ${JSON.stringify(seeded.description)}, program ${JSON.stringify(news.description)}; vpcEndpointServiceName: live ${JSON.stringify(seeded.vpcEndpointServiceName)}, program ${JSON.stringify(news.vpcEndpointServiceName)}`,
    );
    expect(requests("PATCH", true)).toBe(0);
  });

  it("refuses an id that does not exist", async () => {
    const news = await checked(engine, inputs({ adoptId: "6f1c0000-0000-4000-8000-000000000000" }));
    await expect(engine.create(news)).rejects.toThrow(/adoptId: no reverse private endpoint 6f1c0000-0000-4000-8000-000000000000 in service/);
  });
});
