import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { cloud } from "../support/raw-api";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

type Body = Record<string, unknown>;
const vpcResource: Body = {
  description: "db",
  type: "VPC_RESOURCE",
  vpcResourceConfigurationId: "rcfg-1",
  vpcResourceShareArn: "arn:example:ram:region-1:1:resource-share/share-1",
};
const msk: Body = { description: "kafka", type: "MSK_MULTI_VPC", mskClusterArn: "arn:example:kafka:region-1:1:cluster/c/1", mskAuthentication: "SASL_IAM" };
const psc: Body = { description: "psc", type: "GCP_PSC_SERVICE_ATTACHMENT", gcpServiceAttachment: "projects/p/regions/r/serviceAttachments/s" };
const without = (body: Body, key: string): Body => Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));

/** [label, body, the exact problems of the 400] — limits the reference states in its descriptions. */
const refused: Array<[string, Body, string[]]> = [
  ["a description of 256 characters", { ...vpcResource, description: "d".repeat(256) }, ["description: must be at most 255 characters"]],
  [
    "VPC_RESOURCE without its configuration id",
    without(vpcResource, "vpcResourceConfigurationId"),
    ["vpcResourceConfigurationId: is required for type VPC_RESOURCE"],
  ],
  ["VPC_RESOURCE without its share", { ...vpcResource, vpcResourceShareArn: null }, ["vpcResourceShareArn: is required for type VPC_RESOURCE"]],
  [
    "MSK_MULTI_VPC without cluster and authentication",
    { type: "MSK_MULTI_VPC" },
    ["mskClusterArn: is required for type MSK_MULTI_VPC", "mskAuthentication: is required for type MSK_MULTI_VPC"],
  ],
  [
    "GCP_PSC_SERVICE_ATTACHMENT without its attachment",
    without(psc, "gcpServiceAttachment"),
    ["gcpServiceAttachment: is required for type GCP_PSC_SERVICE_ATTACHMENT"],
  ],
  ["an unknown key", { ...msk, region: "r" }, ["region: unknown field"]],
];

describe("reverse private endpoint create", () => {
  it.each(refused)("refuses %s", async (_label, body, problems) => {
    const answer = await cloud(emulator).call("POST", "/pipesReversePrivateEndpoints", body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error).toBe(`BAD_REQUEST: ${problems.join("; ")}`);
  });

  it("stores nothing for a refused body", async () => {
    const count = async () => (await cloud(emulator).call("GET", "/pipesReversePrivateEndpoints")).json.result.length;
    const before = await count();
    await cloud(emulator).call("POST", "/pipesReversePrivateEndpoints", { type: "MSK_MULTI_VPC" });
    expect(await count()).toBe(before);
  });

  it.each([
    ["VPC_RESOURCE", vpcResource],
    ["MSK_MULTI_VPC", msk],
    ["GCP_PSC_SERVICE_ATTACHMENT", psc],
    ["a description of 255 characters", { ...psc, description: "d".repeat(255) }],
  ])("accepts %s with its fields", async (_label, body) => {
    const answer = await cloud(emulator).call("POST", "/pipesReversePrivateEndpoints", body);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.result.type).toBe(body.type);
  });

  it("says unknown, not fixed at creation, for a PATCH key no schema lists", async () => {
    const id = (await cloud(emulator).call("POST", "/pipesReversePrivateEndpoints", msk)).json.result.id;
    const answer = await cloud(emulator).call("PATCH", `/pipesReversePrivateEndpoints/${id}`, { description: "x", region: "r" });
    expect(answer.json.error).toBe("BAD_REQUEST: description: is fixed at creation; region: unknown field");
  });
});
