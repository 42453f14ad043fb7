/**
 * Webhook writes as the open-source stack server (API 2.36.0) answers them, through both
 * ways in: the answer's shape, PUT's replace rules for readable and write-only fields, the
 * name unique per service, the destination check, unknown and invalid ids, the delete guard;
 * and no write routes on 2.0.0. Truth: the server's webhooks router, its controller and
 * their tests (stack notes, "Server generations").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { webhookUrlProblem } from "../../emulator/stack/webhook-url";
import { control } from "../support/control-api";
import { startTestEmulator } from "../support/emulator";
import { apiV2, cloud } from "../support/raw-api";
import { stackSurfaces, type StackAnswer } from "../support/stack-surfaces";

const NO_SUCH = "000000000000000000000000";
const PRIVATE = "Webhook URL resolves to a private or reserved address.";
const DUPLICATE = "A webhook with this service and name already exists";

describe("the destination check", () => {
  it.each([
    ["generic", "https://hooks.example.test/a", undefined],
    ["generic", "http://hooks.example.test:8080/a?x=1", undefined],
    ["generic", "ftp://hooks.example.test/a", "Webhook URL must use HTTP or HTTPS"],
    ["generic", "http://localhost:8080/hook", PRIVATE],
    ["generic", "http://api.localhost/hook", PRIVATE],
    ["generic", "http://LOCALHOST./hook", PRIVATE],
    ["generic", "http://127.0.0.1/hook", PRIVATE],
    ["generic", "http://2130706433/hook", PRIVATE], // the URL parser reads it as 127.0.0.1
    ["generic", "http://10.0.0.1/webhook", PRIVATE],
    ["generic", "http://172.16.5.4/", PRIVATE],
    ["generic", "http://172.32.0.1/", undefined],
    ["generic", "http://192.168.1.1/", PRIVATE],
    ["generic", "http://169.254.169.254/latest", PRIVATE],
    ["generic", "http://100.64.0.1/", PRIVATE],
    ["generic", "http://100.128.0.1/", undefined],
    ["generic", "http://0.0.0.0/", PRIVATE],
    ["generic", "http://192.0.2.1/", PRIVATE],
    ["generic", "http://198.19.0.1/", PRIVATE],
    ["generic", "http://224.0.0.1/", PRIVATE],
    ["generic", "http://255.255.255.255/", PRIVATE],
    ["generic", "http://8.8.8.8/", undefined],
    ["generic", "http://[::1]/", PRIVATE],
    ["generic", "http://[::]/", PRIVATE],
    ["generic", "http://[fd00::1]/webhook", PRIVATE],
    ["generic", "http://[fe80::1]/", PRIVATE],
    ["generic", "http://[ff02::1]/", PRIVATE],
    ["generic", "http://[2001:db8::1]/", PRIVATE],
    ["generic", "http://[100::1]/", PRIVATE],
    ["generic", "http://[::ffff:10.0.0.1]/", PRIVATE],
    ["generic", "http://[::ffff:8.8.8.8]/", undefined],
    ["generic", "http://[64:ff9b::127.0.0.1]/", PRIVATE],
    ["generic", "http://[64:ff9b::10.0.0.1]/", undefined], // the server's address library reads only some tests through NAT64
    ["generic", "http://[2606:4700::1111]/", undefined],
    ["slack", "https://hooks.slack.com/services/T0/B0/x", undefined],
    ["slack", "https://hooks.example.test/x", "Slack Webhook URL https://hooks.example.test/x does not have hostname that ends in 'slack.com'"],
  ] as const)("%s %s", (service, url, problem) => {
    expect(webhookUrlProblem(service, url)).toBe(problem);
  });
});

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());

/** The refusal's message, exactly: `{message}` on `/api/v2`, `CODE: message` through the proxy. */
function expectRefused(answer: StackAnswer, status: number, message: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.error.replace(/^[A-Z_]+: /, "")).toBe(message);
}

const surfaces = stackSurfaces(() => emulator).map((s) => ({ ...s, stored: s.label === "api/v2" ? "server" : "service" }));

describe.each(surfaces)("webhook writes through $label", ({ call, stored }) => {
  /** The webhook as stored, write-only values redacted (control state): shows which secrets it keeps. */
  async function storedWebhook(id: string): Promise<Record<string, unknown> | undefined> {
    const state = (await control(emulator, "GET", "/state")).json;
    const stack = stored === "server" ? state.stack : state.services[emulator.options.serviceId].stack;
    return stack.webhooks.find((w: { id: string }) => w.id === id);
  }
  const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
  const generic = (name: string, extra: Record<string, unknown> = {}) => ({ name, service: "generic", url: "https://hooks.example.test/a", ...extra });

  it("creates one: the answer in the server's key order, name trimmed, no headers or query parameters, listed the same", async () => {
    const name = unique("created");
    const before = (await call("GET", "/webhooks")).data.length;
    const created = await call(
      "POST",
      "/webhooks",
      generic(` ${name} `, {
        description: "team alerts",
        body: '{"text":"{{title}}"}',
        headers: { "X-Token": "hook-secret-7" },
        queryParams: { key: "qp-secret-7" },
      }),
    );
    expect(created.status, created.error).toBe(200);
    expect(Object.keys(created.data)).toEqual(["id", "name", "url", "description", "updatedAt", "createdAt", "service", "body"]);
    expect(created.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name,
      url: "https://hooks.example.test/a",
      description: "team alerts",
      updatedAt: created.data.createdAt,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      service: "generic",
      body: '{"text":"{{title}}"}',
    });
    expect(created.text).not.toMatch(/secret-7|X-Token|queryParams/);
    const list = await call("GET", "/webhooks");
    expect(list.data).toHaveLength(before + 1);
    expect(list.data.find((w: { id: string }) => w.id === created.data.id)).toEqual(created.data);
    expect(list.text).not.toContain("secret-7");
    expect(await storedWebhook(created.data.id)).toMatchObject({ headers: { "X-Token": "(redacted)" }, queryParams: { key: "(redacted)" } });
  });

  it("replaces one: omitted description and body are cleared, omitted secrets kept while the destination stays, `{}` clears them", async () => {
    const name = unique("replaced");
    const made = (await call("POST", "/webhooks", generic(name, { description: "d", body: "b", headers: { "X-Token": "t" }, queryParams: { k: "v" } }))).data;
    const put = await call("PUT", `/webhooks/${made.id}`, generic(`${name} 2`));
    expect(put.status, put.error).toBe(200);
    expect(put.data).toEqual({ id: made.id, name: `${name} 2`, url: made.url, updatedAt: expect.any(String), createdAt: made.createdAt, service: "generic" });
    expect(await storedWebhook(made.id)).toMatchObject({ headers: { "X-Token": "(redacted)" }, queryParams: { k: "(redacted)" } });
    await call("PUT", `/webhooks/${made.id}`, generic(name, { headers: {} }));
    const cleared = await storedWebhook(made.id);
    expect(cleared).not.toHaveProperty("headers");
    expect(cleared).toMatchObject({ queryParams: { k: "(redacted)" } });
  });

  it("drops omitted secrets when the url or the service changes, and keeps secrets sent with the new destination", async () => {
    const name = unique("moved");
    const made = (await call("POST", "/webhooks", generic(name, { headers: { "X-Token": "t" }, queryParams: { k: "v" } }))).data;
    await call("PUT", `/webhooks/${made.id}`, generic(name, { url: "https://hooks.example.test/elsewhere" }));
    const moved = await storedWebhook(made.id);
    expect(moved).toMatchObject({ url: "https://hooks.example.test/elsewhere" });
    expect(moved).not.toHaveProperty("headers");
    expect(moved).not.toHaveProperty("queryParams");
    await call("PUT", `/webhooks/${made.id}`, generic(name, { headers: { "X-New": "n" } }));
    expect(await storedWebhook(made.id)).toMatchObject({ url: "https://hooks.example.test/a", headers: { "X-New": "(redacted)" } });
  });

  it("takes headers, query parameters and a body on the incidentio service (its generic transport uses them), keeps them like the generic one's, never answers the body; slack refuses them", async () => {
    const name = unique("incident");
    const extra = { body: '{"title":"{{title}}"}', headers: { Authorization: "inc-secret-3" }, queryParams: { q: "inc-q-3" } };
    const made = await call("POST", "/webhooks", { name, service: "incidentio", url: "https://api.example.test/incidents", ...extra });
    expect(made.status, made.error).toBe(200);
    // 2.36.0's answer schema for incidentio has no `body` (its tests: "only IncidentIO-allowed fields").
    expect(Object.keys(made.data)).toEqual(["id", "name", "url", "updatedAt", "createdAt", "service"]);
    expect(made.text).not.toMatch(/inc-secret|inc-q|Authorization|\{\{title\}\}/);
    expect(await storedWebhook(made.data.id)).toMatchObject({ body: extra.body, headers: { Authorization: "(redacted)" }, queryParams: { q: "(redacted)" } });
    const put = await call("PUT", `/webhooks/${made.data.id}`, { name, service: "incidentio", url: made.data.url, description: "d", body: extra.body });
    expect(put.status, put.error).toBe(200);
    expect(put.data).toEqual({
      id: made.data.id,
      name,
      url: made.data.url,
      description: "d",
      updatedAt: expect.any(String),
      createdAt: made.data.createdAt,
      service: "incidentio",
    });
    const listed = (await call("GET", "/webhooks")).data.find((w: { id: string }) => w.id === made.data.id);
    expect(listed, "the list answers it the same").toEqual(put.data);
    expect(await storedWebhook(made.data.id), "the body is kept though never answered").toMatchObject({ body: extra.body });
    expect(await storedWebhook(made.data.id), "omitted secrets kept while the destination stays").toMatchObject({
      headers: { Authorization: "(redacted)" },
      queryParams: { q: "(redacted)" },
    });
    const slack = await call("POST", "/webhooks", { name, service: "slack", url: "https://hooks.slack.com/services/T0/B0/x", headers: { A: "b" } });
    expectRefused(slack, 400, "Body validation failed: headers: headers is not supported for the slack webhook service");
  });

  it("keeps a name unique per service, trimmed, on create and on a rename; another service may take it", async () => {
    const name = unique("twice");
    expect((await call("POST", "/webhooks", generic(name))).status).toBe(200);
    expectRefused(await call("POST", "/webhooks", generic(` ${name}`, { url: "https://hooks.example.test/other" })), 400, DUPLICATE);
    const other = await call("POST", "/webhooks", { name, service: "slack", url: "https://hooks.slack.com/services/T0/B0/x" });
    expect(other.status, other.error).toBe(200);
    const second = (await call("POST", "/webhooks", generic(`${name} b`))).data;
    expectRefused(await call("PUT", `/webhooks/${second.id}`, generic(name)), 400, DUPLICATE);
  });

  it.each([
    ["a text that is no URL", "not a url", "Body validation failed: url: Invalid url"],
    ["a scheme other than http(s)", "ftp://hooks.example.test/a", "Webhook URL must use HTTP or HTTPS"],
    ["a private address", "http://10.0.0.1/webhook", PRIVATE],
    ["the loopback name", "http://localhost:9000/hook", PRIVATE],
  ])("refuses %s on create and on replace, storing nothing", async (_label, url, message) => {
    const count = (await call("GET", "/webhooks")).data.length;
    expectRefused(await call("POST", "/webhooks", generic(unique("bad url"), { url })), 400, message);
    expect((await call("GET", "/webhooks")).data).toHaveLength(count);
    const made = (await call("POST", "/webhooks", generic(unique("good url")))).data;
    expectRefused(await call("PUT", `/webhooks/${made.id}`, generic(made.name, { url })), 400, message);
    expect(await storedWebhook(made.id)).toMatchObject({ url: made.url });
  });

  it("answers an unknown id 404 `Webhook not found` (found before the URL is checked), and an invalid one 400", async () => {
    expectRefused(await call("PUT", `/webhooks/${NO_SUCH}`, generic("nobody")), 404, "Webhook not found");
    expectRefused(await call("PUT", `/webhooks/${NO_SUCH}`, generic("nobody", { url: "http://10.0.0.1/" })), 404, "Webhook not found");
    expectRefused(await call("DELETE", `/webhooks/${NO_SUCH}`), 404, "Webhook not found");
    expectRefused(await call("DELETE", "/webhooks/webhook-1"), 400, "Params validation failed: id: Invalid ObjectId");
    expectRefused(
      await call("PUT", "/webhooks/webhook-1", { name: "x", service: "generic" }),
      400,
      "Body validation failed: url: Required; Params validation failed: id: Invalid ObjectId",
    );
  });

  it("deletes one (200 `{}`), but not while an alert's first channel names it; a later channel alone does not hold it", async () => {
    const first = (await call("POST", "/webhooks", generic(unique("first")))).data;
    const later = (await call("POST", "/webhooks", generic(unique("later")))).data;
    const sourceId = (await call("GET", "/sources")).data[0].id;
    const search = (await call("POST", "/saved-searches", { name: unique("hooked"), sourceId })).data;
    const alert = await call("POST", "/alerts", {
      source: "saved_search",
      savedSearchId: search.id,
      interval: "1h",
      threshold: 1,
      thresholdType: "above",
      channels: [
        { type: "webhook", webhookId: first.id },
        { type: "webhook", webhookId: later.id },
      ],
    });
    expect(alert.status, alert.error).toBe(200);
    expectRefused(
      await call("DELETE", `/webhooks/${first.id}`),
      409,
      "Cannot delete webhook: 1 alert(s) still reference it. Reassign or remove those alerts first.",
    );
    const deleted = await call("DELETE", `/webhooks/${later.id}`);
    expect(deleted.status, deleted.error).toBe(200);
    expect((await call("GET", "/webhooks")).data.map((w: { id: string }) => w.id)).not.toContain(later.id);
  });
});

describe("the contract's generation (2.0.0)", () => {
  let old: Emulator;
  beforeAll(async () => {
    old = await startTestEmulator({ stackApiVersion: "2.0.0" });
  });
  afterAll(() => old.close());

  it.each([
    ["POST", "/webhooks"],
    ["PUT", "/webhooks/65f0c0de00000000000000a1"],
    ["DELETE", "/webhooks/65f0c0de00000000000000a1"],
  ])("has no %s %s: the server's HTML 404, and the proxy's", async (method, path) => {
    const body = method === "DELETE" ? undefined : { name: "x", service: "generic", url: "https://hooks.example.test/a" };
    const server = await apiV2(old).call(method, path, body);
    expect([server.status, server.text]).toEqual([404, expect.stringContaining(`<pre>Cannot ${method} /api/v2${path}</pre>`)]);
    const proxy = await cloud(old).call(method, `/stack${path}`, body);
    expect(proxy.status).toBe(404);
    expect(proxy.json).toBeUndefined();
  });
});
