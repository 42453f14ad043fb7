import { describe, expect, it } from "vitest";
import { stackBaseUrl, openStackTarget, stackTargetRef } from "../../provider/client/stack-target";
import { resolveSettings, type Settings } from "../../provider/config";
import { namesKnownStack, pinTarget } from "../../provider/engine/stack/target";
import { UNKNOWN } from "../../provider/schemas/unknown";
import { dashboardEngine, EXISTING } from "../support/engines";

const check = dashboardEngine.check;
import { ORG, SVC, cloudConfig, configureWith, dashboardInputs } from "../support/stack-fixtures";

const settingsOf = (values: Record<string, string>): Settings => resolveSettings((k) => values[k] ?? "", {});
const cloud = settingsOf(cloudConfig);
const both = settingsOf({ ...cloudConfig, stackUrl: "https://stack.test/", stackToken: "stack-token-unit" });

describe("which stack a resource lands on", () => {
  const rows: [what: string, settings: Settings, overrides: Record<string, string>, key: string][] = [
    ["configured cloud service", cloud, {}, `cloud:${ORG}/${SVC}`],
    ["configured server wins over configured cloud", both, {}, "server:https://stack.test"],
    ["the resource's own stackUrl", cloud, { stackUrl: "http://other.test/api/v2/" }, "server:http://other.test"],
    ["the resource's own serviceId selects the cloud even with a server configured", both, { serviceId: "svc-2" }, `cloud:${ORG}/svc-2`],
    ["the resource's own stackUrl wins over its own serviceId", cloud, { serviceId: "svc-2", stackUrl: "http://s.test" }, "server:http://s.test"],
  ];
  it.each(rows)("%s", (_what, settings, overrides, key) => {
    expect(stackTargetRef(settings, overrides).key).toBe(key);
  });

  it("strips trailing slashes and a trailing /api/v2 from a server's URL", () => {
    expect(stackBaseUrl("https://x.test/api/v2/")).toBe("https://x.test");
    expect(stackBaseUrl("https://x.test//")).toBe("https://x.test");
  });

  it("builds the cloud proxy prefix and the server base", () => {
    expect(openStackTarget(cloud).basePath).toBe(`/v1/organizations/${ORG}/services/${SVC}/stack`);
    const server = openStackTarget(both);
    expect([server.kind, server.basePath, server.client.surface.baseUrl]).toEqual(["server", "", "https://stack.test/api/v2"]);
  });

  it("refuses a server without a token, naming both ways to set it and never a secret", () => {
    const noToken = settingsOf({ ...cloudConfig, stackUrl: "https://stack.test" });
    expect(() => openStackTarget(noToken)).toThrow(/pipestack:stackToken is not set.*pulumi config set --secret pipestack:stackToken.*PIPESTACK_STACK_TOKEN/);
    try {
      openStackTarget(noToken);
    } catch (err) {
      expect((err as Error).message).not.toContain("cloud-secret-unit");
    }
  });

  it("refuses a cloud target without a service, naming both ways to set it", () => {
    expect(() => stackTargetRef(settingsOf({}))).toThrow(/pipestack:organizationId is not set.*PIPESTACK_ORGANIZATION_ID/);
  });
});

describe("check pins the target into the inputs", () => {
  it("cloud: organizationId and serviceId, no stackUrl", () => {
    const inputs: Record<string, unknown> = { stackUrl: undefined };
    expect(pinTarget(cloud, inputs)).toEqual([]);
    expect(inputs).toEqual({ organizationId: ORG, serviceId: SVC });
  });

  it("server: stackUrl only, even when a service is configured", () => {
    const inputs: Record<string, unknown> = {};
    pinTarget(both, inputs);
    expect(inputs).toEqual({ stackUrl: "https://stack.test" });
  });

  it("leaves values not known yet alone", () => {
    const inputs: Record<string, unknown> = { stackUrl: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" };
    pinTarget(both, inputs);
    expect(inputs).toEqual({ stackUrl: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" });
  });

  it("reports a missing service as a check failure with the property and how to set it", async () => {
    configureWith({});
    const { failures } = await check(EXISTING, dashboardInputs());
    expect(failures).toContainEqual({ property: "organizationId", reason: expect.stringMatching(/PIPESTACK_ORGANIZATION_ID.*pipestack:stackUrl/) });
  });

  it("never puts the token in the inputs", async () => {
    configureWith({ stackUrl: "https://stack.test", stackToken: "stack-token-unit" });
    const { inputs } = await check(EXISTING, dashboardInputs());
    expect(JSON.stringify(inputs)).not.toContain("stack-token-unit");
    expect(inputs!.stackUrl).toBe("https://stack.test");
  });
});

describe("namesKnownStack: a stack a diff may ask", () => {
  it.each([
    ["a pinned server", { stackUrl: "https://s.test" }, true],
    ["a pinned cloud service", { organizationId: "o", serviceId: "s" }, true],
    ["a pinned server and a known connection", { stackUrl: "https://s.test", connection: { stackToken: "t" } }, true],
    ["nothing pinned (never checked)", {}, false],
    ["an address not known yet", { stackUrl: UNKNOWN }, false],
    ["a cloud organization not known yet", { organizationId: UNKNOWN, serviceId: "s" }, false],
    ["a connection not known yet", { stackUrl: "https://s.test", connection: UNKNOWN }, false],
    ["a credential of the connection not known yet", { stackUrl: "https://s.test", connection: { stackToken: UNKNOWN } }, false],
  ])("%s: %s", (_what, props, known) => {
    expect(namesKnownStack(props)).toBe(known);
  });
});
