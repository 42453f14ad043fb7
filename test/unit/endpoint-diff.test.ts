/**
 * ReversePrivateEndpoint: what each change previews as. Only the custom private DNS mappings
 * change in place (PATCH takes nothing else); everything else makes a new endpoint, deleted
 * first when old and new would hold the same DNS name.
 */
import { describe, expect, it } from "vitest";
import { endpointEngine as engine } from "../support/engines";
import { dns, endpointInputs } from "../support/endpoint-fixtures";
import { endpointOutputs } from "../../provider/resources/reverse-private-endpoint/body";
import { wouldCollide } from "../../provider/resources/reverse-private-endpoint/diff";
import { reversePrivateEndpoint } from "../../provider/resources/reverse-private-endpoint/record";
import { UNKNOWN } from "../../provider/schemas/unknown";

type Obj = Record<string, any>;
type Row = [change: string, edit: (news: Obj) => void, expected: [path: string, kind: "update" | "replace"][], deleteFirst: boolean];

/** The endpoint as the API answers it: every unset field "" or null, the server's own fields filled in. */
function served(inputs: Obj): Obj {
  const { organizationId: _o, waitTimeoutSeconds: _w, adoptId: _a, ...body } = inputs;
  const answer = {
    vpcResourceConfigurationId: null,
    vpcResourceShareArn: null,
    mskClusterArn: null,
    mskAuthentication: null,
    gcpServiceAttachment: null,
    description: "",
    customPrivateDnsMappings: [],
    ...body,
    id: "e1",
    status: "Ready",
    endpointId: "vpce-1",
    dnsNames: ["vpce-1.example.internal"],
    privateDnsNames: [],
  };
  return endpointOutputs(reversePrivateEndpoint.parse(answer), inputs as any);
}

describe("ReversePrivateEndpoint: what each change previews as", () => {
  const inputs = endpointInputs({ customPrivateDnsMappings: dns("a.example.com", "*.b.example.com"), waitTimeoutSeconds: 60 });
  const olds = served(inputs);

  const rows: Row[] = [
    ["nothing", () => {}, [], false],
    ["the DNS mappings reordered, a name in other case", (n) => (n.customPrivateDnsMappings = dns("*.B.example.com", "a.example.com")), [], false],
    ["a DNS mapping added", (n) => n.customPrivateDnsMappings.push({ privateDnsName: "c.example.com" }), [["customPrivateDnsMappings", "update"]], false],
    ["every DNS mapping removed", (n) => delete n.customPrivateDnsMappings, [["customPrivateDnsMappings", "update"]], false],
    ["DNS mappings not known yet", (n) => (n.customPrivateDnsMappings = UNKNOWN), [["customPrivateDnsMappings", "update"]], false],
    ["waitTimeoutSeconds", (n) => (n.waitTimeoutSeconds = 120), [["waitTimeoutSeconds", "update"]], false],
    ["adoptId", (n) => (n.adoptId = "6f1c0000-0000-4000-8000-000000000000"), [], false],
    ["description", (n) => (n.description = "other"), [["description", "replace"]], true],
    ["description left out (the API keeps it)", (n) => delete n.description, [], false],
    ["the endpoint service", (n) => (n.vpcEndpointServiceName = "com.example.vpce.other"), [["vpcEndpointServiceName", "replace"]], true],
    [
      "the endpoint service, DNS names all new",
      (n) => ((n.vpcEndpointServiceName = "x"), (n.customPrivateDnsMappings = dns("z.example.com"))),
      [
        ["customPrivateDnsMappings", "update"],
        ["vpcEndpointServiceName", "replace"],
      ],
      false,
    ],
    [
      "the type",
      (n) =>
        Object.assign(n, {
          type: "GCP_PSC_SERVICE_ATTACHMENT",
          vpcEndpointServiceName: undefined,
          gcpServiceAttachment: "projects/p/regions/r/serviceAttachments/s",
        }),
      [
        ["gcpServiceAttachment", "replace"],
        ["type", "replace"],
      ],
      true,
    ],
    ["the service", (n) => (n.serviceId = "00000000-0000-4000-8000-000000000009"), [["serviceId", "replace"]], false],
  ];

  it.each(rows)("%s", async (_change, edit, expected, deleteFirst) => {
    const news = structuredClone(inputs);
    edit(news);
    const d = await engine.diff("e1", olds, news);
    expect(d.diffs.map((c) => [c.path, c.kind])).toEqual(expected);
    expect(d.changes).toBe(expected.length > 0);
    expect(d.replaces).toEqual(expected.filter(([, k]) => k === "replace").map(([p]) => p));
    expect(d.deleteBeforeReplace).toBe(deleteFirst);
  });

  it("the server's own fields never show as a change", async () => {
    const d = await engine.diff("e1", { ...olds, status: "PendingAcceptance", dnsNames: ["other"] }, inputs);
    expect(d.changes).toBe(false);
  });
});

describe("wouldCollide: old and new share a custom DNS name in one service", () => {
  const a = endpointInputs({ customPrivateDnsMappings: dns("a.example.com") });
  it.each([
    ["the same name", a, true],
    ["the same name in other case", endpointInputs({ customPrivateDnsMappings: dns("A.Example.com") }), true],
    ["other names", endpointInputs({ customPrivateDnsMappings: dns("b.example.com") }), false],
    ["no names", endpointInputs(), false],
    [
      "the same name in another service",
      endpointInputs({ serviceId: "00000000-0000-4000-8000-000000000009", customPrivateDnsMappings: dns("a.example.com") }),
      false,
    ],
  ] as const)("%s", (_what, news, collides) => {
    expect(wouldCollide(a as any, news as any)).toBe(collides);
  });
});
