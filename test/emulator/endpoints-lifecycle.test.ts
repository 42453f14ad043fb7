/**
 * Reverse private endpoints over HTTP: Provisioning then Ready, PATCH of the custom private DNS
 * mappings (a full replacement list, with the reference's rules), and a delete that reads
 * `Deleting` for a step before the 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { dns } from "../support/endpoint-fixtures";
import { cloud } from "../support/raw-api";
import { control } from "../support/control-api";
import { setTimeout as sleep } from "node:timers/promises";
import { startTestEmulator } from "../support/emulator";

const STEP_MS = 150;
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stepMs: STEP_MS });
});
afterAll(() => emulator.close());

type Body = Record<string, unknown>;
const ENDPOINTS = "/pipesReversePrivateEndpoints";
const service = (n: number): Body => ({
  description: `svc ${n}`,
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: `com.example.vpce.region-1.vpce-svc-${n}`,
});
const msk: Body = { description: "kafka", type: "MSK_MULTI_VPC", mskClusterArn: "arn:example:kafka:region-1:1:cluster/c/1", mskAuthentication: "SASL_IAM" };

async function created(body: Body): Promise<string> {
  const answer = await cloud(emulator).call("POST", ENDPOINTS, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.result.id;
}
const get = (id: string) => cloud(emulator).call("GET", `${ENDPOINTS}/${id}`);
const patch = (id: string, body: unknown) => cloud(emulator).call("PATCH", `${ENDPOINTS}/${id}`, body);

describe("reverse private endpoint lifecycle", () => {
  it("a new endpoint reads Provisioning, then Ready one step later", async () => {
    const answer = await cloud(emulator).call("POST", ENDPOINTS, service(1));
    expect(answer.json.result.status).toBe("Provisioning");
    await sleep(STEP_MS + 30);
    expect((await get(answer.json.result.id)).json.result.status).toBe("Ready");
  });

  it("a delete reads Deleting for a step, then the endpoint is gone from get and list", async () => {
    const id = await created(service(2));
    expect((await cloud(emulator).call("DELETE", `${ENDPOINTS}/${id}`)).status).toBe(200);
    expect((await get(id)).json.result.status).toBe("Deleting");
    expect((await patch(id, { customPrivateDnsMappings: [] })).json.error).toBe(`BAD_REQUEST: reverse private endpoint ${id} is being deleted`);
    await sleep(STEP_MS + 30);
    expect((await get(id)).status).toBe(404);
    const listed = (await cloud(emulator).call("GET", ENDPOINTS)).json.result.map((e: Body) => e.id);
    expect(listed).not.toContain(id);
  });
});

describe("control: an endpoint's status forced", () => {
  it("sets PendingAcceptance, which then stays; refuses a status the API does not have", async () => {
    const id = await created(service(8));
    const forced = await control(emulator, "POST", `/reversePrivateEndpoints/${id}/status`, { status: "PendingAcceptance" });
    expect(forced.status, forced.text).toBe(200);
    await sleep(STEP_MS + 30);
    expect((await get(id)).json.result.status).toBe("PendingAcceptance");
    expect((await control(emulator, "POST", `/reversePrivateEndpoints/${id}/status`, { status: "Accepted" })).status).toBe(400);
    expect((await control(emulator, "POST", "/reversePrivateEndpoints/6f1c0000-0000-4000-8000-000000000000/status", { status: "Failed" })).status).toBe(404);
  });
});

describe("custom private DNS mappings", () => {
  it("PATCH replaces the whole list, and an empty list clears it", async () => {
    const id = await created({ ...service(3), customPrivateDnsMappings: dns("a.orders.example.com") });
    const replaced = await patch(id, { customPrivateDnsMappings: dns("b.orders.example.com", "*.events.example.com") });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json.result.customPrivateDnsMappings).toEqual(dns("b.orders.example.com", "*.events.example.com"));
    expect((await get(id)).json.result.customPrivateDnsMappings).toEqual(dns("b.orders.example.com", "*.events.example.com"));
    await patch(id, { customPrivateDnsMappings: [] });
    expect((await get(id)).json.result.customPrivateDnsMappings).toEqual([]);
  });

  /** [label, mappings, the exact problems of the 400]. */
  const refused: Array<[string, unknown[], string[]]> = [
    [
      "a wildcard not leading",
      dns("db.*.example.com"),
      ["customPrivateDnsMappings[0].privateDnsName: must be a DNS name such as db.example.com, or one with a leading wildcard such as *.example.com"],
    ],
    [
      "a name with a space",
      dns("ok.example.com", "bad name.example.com"),
      ["customPrivateDnsMappings[1].privateDnsName: must be a DNS name such as db.example.com, or one with a leading wildcard such as *.example.com"],
    ],
    ["a name listed twice", dns("x.example.com", "X.example.com"), ["customPrivateDnsMappings[1].privateDnsName: X.example.com is listed twice"]],
    ["a mapping without its name", [{}], ["customPrivateDnsMappings[0].privateDnsName: is required"]],
  ];

  it.each(refused.map((c, i) => [...c, i] as const))("PATCH refuses %s and keeps the old list", async (_label, mappings, problems, i) => {
    const kept = dns(`kept-${i}.example.com`);
    const id = await created({ ...service(4), customPrivateDnsMappings: kept });
    const answer = await patch(id, { customPrivateDnsMappings: mappings });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error).toBe(`BAD_REQUEST: ${problems.join("; ")}`);
    expect((await get(id)).json.result.customPrivateDnsMappings).toEqual(kept);
  });

  it("names must be unique across the service: create and PATCH refuse one another endpoint holds", async () => {
    const holder = await created({ ...service(5), customPrivateDnsMappings: dns("shared.example.com") });
    const taken = `customPrivateDnsMappings[0].privateDnsName: shared.example.com is already used by reverse private endpoint ${holder}; names must be unique across the service`;
    const create = await cloud(emulator).call("POST", ENDPOINTS, { ...service(6), customPrivateDnsMappings: dns("shared.example.com") });
    expect(create.json.error).toBe(`BAD_REQUEST: ${taken}`);
    const other = await created(service(7));
    expect((await patch(other, { customPrivateDnsMappings: dns("SHARED.example.com") })).status).toBe(400);
    // The holder itself may send its own names again.
    expect((await patch(holder, { customPrivateDnsMappings: dns("shared.example.com") })).status).toBe(200);
  });

  it("is not supported for MSK_MULTI_VPC, on create and on PATCH", async () => {
    const create = await cloud(emulator).call("POST", ENDPOINTS, { ...msk, customPrivateDnsMappings: dns("k.example.com") });
    expect(create.json.error).toBe("BAD_REQUEST: customPrivateDnsMappings: is not supported for type MSK_MULTI_VPC");
    const id = await created(msk);
    expect((await patch(id, { customPrivateDnsMappings: dns("k.example.com") })).json.error).toBe(
      "BAD_REQUEST: customPrivateDnsMappings: is not supported for type MSK_MULTI_VPC",
    );
    expect((await patch(id, { customPrivateDnsMappings: [] })).status).toBe(200);
  });
});
