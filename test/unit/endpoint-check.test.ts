/** ReversePrivateEndpoint check: every refusal carries its property path, before any request. */
import { beforeEach, describe, expect, it } from "vitest";
import { endpointEngine as engine, EXISTING } from "../support/engines";
import { dns, endpointInputs, endpointTypeFields } from "../support/endpoint-fixtures";
import { cloudConfig, configureWith } from "../support/stack-fixtures";
import { UNKNOWN } from "../../provider/schemas/unknown";

type Input = Record<string, any>;
type Case = [what: string, input: Input, property: string, reason: RegExp];

// The API address is a closed port: a check that made a request would fail loudly.
beforeEach(() => configureWith(cloudConfig));

const failuresOf = async (input: Input) => (await engine.check(EXISTING, input)).failures ?? [];
const without = (input: Input, key: string) => Object.fromEntries(Object.entries(input).filter(([k]) => k !== key));

describe("ReversePrivateEndpoint check: refusals carry property paths", () => {
  const cases: Case[] = [
    ["no type", without(endpointInputs(), "type"), "type", /Required/],
    ["an unknown type", endpointInputs({ type: "VPN" }), "type", /VPC_ENDPOINT_SERVICE/],
    ["a description of 256 characters", endpointInputs({ description: "d".repeat(256) }), "description", /at most 255/],
    [
      "VPC_ENDPOINT_SERVICE without its service name",
      without(endpointInputs(), "vpcEndpointServiceName"),
      "vpcEndpointServiceName",
      /required for type VPC_ENDPOINT_SERVICE/,
    ],
    [
      "VPC_RESOURCE without its share",
      without(endpointInputs({}, "VPC_RESOURCE"), "vpcResourceShareArn"),
      "vpcResourceShareArn",
      /required for type VPC_RESOURCE/,
    ],
    [
      "MSK_MULTI_VPC without its authentication",
      without(endpointInputs({}, "MSK_MULTI_VPC"), "mskAuthentication"),
      "mskAuthentication",
      /required for type MSK_MULTI_VPC/,
    ],
    [
      "GCP_PSC_SERVICE_ATTACHMENT without its attachment",
      without(endpointInputs({}, "GCP_PSC_SERVICE_ATTACHMENT"), "gcpServiceAttachment"),
      "gcpServiceAttachment",
      /required/,
    ],
    ["a field of another type", endpointInputs({ mskClusterArn: "arn:x" }), "mskClusterArn", /only for type MSK_MULTI_VPC, not VPC_ENDPOINT_SERVICE/],
    ["an unknown MSK authentication", endpointInputs({ mskAuthentication: "PLAIN" }, "MSK_MULTI_VPC"), "mskAuthentication", /SASL_IAM/],
    [
      "DNS mappings on MSK_MULTI_VPC",
      endpointInputs({ customPrivateDnsMappings: dns("k.example.com") }, "MSK_MULTI_VPC"),
      "customPrivateDnsMappings",
      /not supported for type MSK_MULTI_VPC/,
    ],
    [
      "a wildcard not leading",
      endpointInputs({ customPrivateDnsMappings: dns("a.*.example.com") }),
      "customPrivateDnsMappings[0].privateDnsName",
      /leading wildcard/,
    ],
    [
      "a DNS name with a space",
      endpointInputs({ customPrivateDnsMappings: dns("ok.example.com", "no good.example.com") }),
      "customPrivateDnsMappings[1].privateDnsName",
      /DNS name/,
    ],
    [
      "a DNS name listed twice",
      endpointInputs({ customPrivateDnsMappings: dns("a.example.com", "A.example.com") }),
      "customPrivateDnsMappings[1].privateDnsName",
      /listed twice/,
    ],
    [
      "a mapping field not known",
      endpointInputs({ customPrivateDnsMappings: [{ privateDnsName: "a.example.com", ttl: 5 }] }),
      "customPrivateDnsMappings[0].ttl",
      /not a known field/,
    ],
    ["an unknown field", endpointInputs({ region: "r" }), "region", /not a known field/],
    ["an adoptId that is not a UUID", endpointInputs({ adoptId: "../x" }), "adoptId", /UUID/],
    ["a serviceId that would leave the route", endpointInputs({ serviceId: "../x" }), "serviceId", /must be an id/],
    ["a waitTimeoutSeconds of 0", endpointInputs({ waitTimeoutSeconds: 0 }), "waitTimeoutSeconds", /greater than or equal to 1/],
  ];
  it.each(cases)("%s -> %s", async (_what, input, property, reason) => {
    const failures = await failuresOf(input);
    const hit = failures.find((f) => f.property === property);
    expect(hit, JSON.stringify(failures)).toBeDefined();
    expect(hit!.reason).toMatch(reason);
  });

  it.each(Object.keys(endpointTypeFields))("accepts %s with its fields, and pins the configured service", async (type) => {
    const {
      organizationId: _o,
      serviceId: _s,
      ...input
    } = endpointInputs({ customPrivateDnsMappings: type === "MSK_MULTI_VPC" ? undefined : dns("*.brokers.example.com", "db.example.com") }, type);
    const result = await engine.check(EXISTING, input);
    expect(result.failures).toEqual([]);
    expect(result.inputs).toMatchObject({ organizationId: cloudConfig.organizationId, serviceId: cloudConfig.serviceId, type });
  });

  it("lets values not known yet through (a preview)", async () => {
    const result = await engine.check(EXISTING, endpointInputs({ vpcEndpointServiceName: UNKNOWN, customPrivateDnsMappings: UNKNOWN }));
    expect(result.failures).toEqual([]);
    expect((await engine.check(EXISTING, endpointInputs({ type: UNKNOWN }))).failures).toEqual([]);
    // Two DNS names not known yet are not "listed twice"; a known repeat next to them still is.
    const names = [{ privateDnsName: UNKNOWN }, { privateDnsName: UNKNOWN }];
    expect((await engine.check(EXISTING, endpointInputs({ customPrivateDnsMappings: names }))).failures).toEqual([]);
    const repeated = await failuresOf(endpointInputs({ customPrivateDnsMappings: [...names, ...dns("a.example.com", "A.example.com")] }));
    expect(repeated.map((f) => f.property)).toEqual(["customPrivateDnsMappings[3].privateDnsName"]);
  });

  it("names the missing service and both ways to set it", async () => {
    configureWith({ ...cloudConfig, serviceId: "" });
    const { serviceId: _s, ...input } = endpointInputs();
    const failures = await failuresOf(input);
    expect(failures).toContainEqual({ property: "serviceId", reason: expect.stringMatching(/pipestack:serviceId.*PIPESTACK_SERVICE_ID/) });
  });
});
