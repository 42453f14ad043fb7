/**
 * StackWebhook against a current stack server (emulator 2.36.0) on both targets: the life cycle
 * (read from the list: the server has no GET of one webhook), every field updated in place, the
 * write-only headers and query parameters carried and never shown, the name gate per service,
 * the gone rule, the server's refusal to delete a webhook an alert names; and the first
 * generation refusing it clearly.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { alertEngine as alertImpl, EXISTING, webhookEngine as hookImpl } from "../support/engines";
import { setProgressSink } from "../../provider/progress/report";
import { rawJson } from "../support/raw-api";
import { alertInputs } from "../support/stack-fixtures";
import { KEY_SECRET, STACK_TOKEN } from "../support/emulator";
import { storedStack } from "../support/stored";
import { TARGETS, surfaceOf, useTarget } from "../support/stack-targets";
import { checked, preview, up } from "../support/engine-run";
import { CLEARED } from "../../provider/engine/kept-on-server";
import { startGenerations } from "../support/stack-generations";
import { forgetSnapshots } from "../../provider/engine/shared-list";
import { anHourAgo } from "../support/an-hour-ago";
import { fingerprintMatches } from "../../provider/engine/fingerprint";

const emulators = startGenerations();

/** A header token: it must never show in outputs' plain text, errors or messages. */
const TOKEN = "Bearer hook-token-5f1d2a";
const QUERY_SECRET = "query-secret-81c0";

describe.each(TARGETS)("StackWebhook on the %s target", (kind) => {
  beforeEach(() => {
    useTarget(kind, emulators.current);
    forgetSnapshots();
  });
  const raw = (method: string, path: string, body?: unknown) => rawJson(emulators.current, surfaceOf(kind), method, path, body);
  /** The webhook as the server lists it (there is no GET of one). */
  const live = async (id: string) => ((await raw("GET", "/webhooks")) as { id: string }[]).find((w) => w.id === id);
  /** The webhook as the emulator stores it: header and query names (values redacted). */
  const stored = (id: string) => storedStack(emulators.current, kind).webhooks.find((w) => w.id === id);
  let n = 0;
  const program = (over: Record<string, unknown> = {}) => ({
    name: `pager-${kind}-${++n}`,
    url: "https://hooks.example.com/alerts",
    headers: { Authorization: TOKEN },
    ...over,
  });

  it("creates, reads from the list with no change, updates every field in place (one PUT) and deletes", async () => {
    const first = program({ queryParams: { key: QUERY_SECRET }, description: "pages the checkout team" });
    const hook = await up(hookImpl, first);
    expect(await live(hook.id)).toEqual({
      id: hook.id,
      name: first.name,
      url: "https://hooks.example.com/alerts",
      description: "pages the checkout team",
      service: "generic",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(stored(hook.id)).toMatchObject({ headers: { Authorization: "(redacted)" }, queryParams: { key: "(redacted)" } });
    // The write-only maps are carried from the inputs as fingerprints; the service the engine sent is read back.
    expect(hook.outs).toMatchObject({ service: "generic", headers: { Authorization: expect.any(String) }, queryParams: { key: expect.any(String) } });
    expect(fingerprintMatches(hook.outs.headers.Authorization, TOKEN)).toBe(true);
    expect(fingerprintMatches(hook.outs.queryParams.key, QUERY_SECRET)).toBe(true);
    expect((await preview(hookImpl, first, hook)).diffs, "the service left out is the generic one: no change").toEqual([]);
    const read = await hookImpl.read(hook.id, hook.outs);
    expect(read, "a refresh keeps what the server never answers").toEqual({ id: hook.id, props: hook.outs });

    const puts = () => emulators.current.control.bodies().filter((b) => /^PUT .*\/webhooks\//.test(b.route)).length;
    const before = puts();
    const changed = { name: `${first.name}-renamed`, url: "https://hooks.example.com/other", body: '{"text":"{{title}}"}', headers: { "X-Team": "checkout" } };
    const updated = await up(hookImpl, changed, hook);
    expect(updated.id).toBe(hook.id);
    expect(updated.diff?.diffs.map((d) => `${d.path}:${d.kind}`).sort()).toEqual([
      "body:update",
      "description:update",
      "headers:update",
      "name:update",
      "queryParams:update",
      "url:update",
    ]);
    expect(puts() - before, "one PUT").toBe(1);
    expect(await live(hook.id)).toMatchObject({ name: changed.name, url: changed.url, body: changed.body });
    expect((await live(hook.id)) as object).not.toHaveProperty("description");
    // The url moves: the server drops the maps the PUT leaves out, so the dropped query parameter is a change too.
    expect(stored(hook.id)?.headers).toEqual({ "X-Team": "(redacted)" });
    expect(stored(hook.id)).not.toHaveProperty("queryParams");
    expect((await preview(hookImpl, changed, updated)).diffs).toEqual([]);

    await hookImpl.delete(hook.id, updated.outs);
    expect(await live(hook.id)).toBeUndefined();
    expect(await hookImpl.read(hook.id, updated.outs), "gone: the list, read to its end, lacks it").toEqual({ id: "", props: {} });
    await expect(hookImpl.delete(hook.id, updated.outs), "deleting one already gone is done").resolves.toBeUndefined();
  });

  it("keeps the headers when only the name changes and when the program drops them; `{}` clears them, as a change the diff shows", async () => {
    const hook = await up(hookImpl, program());
    const renamed = await up(hookImpl, program({ name: `${hook.outs.name}-b` }), hook);
    expect(stored(hook.id)?.headers).toEqual({ Authorization: "(redacted)" });
    const dropped = await up(hookImpl, { name: renamed.outs.name, url: renamed.outs.url }, renamed);
    expect(dropped.diff?.diffs, "left out: the server's until the program sets them").toEqual([]);
    expect(stored(hook.id)?.headers).toEqual({ Authorization: "(redacted)" });
    const described = await up(hookImpl, { name: renamed.outs.name, url: renamed.outs.url, description: "d" }, renamed);
    expect(described.diff?.diffs.map((d) => d.path)).toEqual(["description"]);
    expect(stored(hook.id)?.headers, "a PUT that leaves them out keeps them").toEqual({ Authorization: "(redacted)" });
    expect(described.outs.headers, "the outputs keep the state's").toEqual(renamed.outs.headers);
    const emptied = await up(hookImpl, { name: renamed.outs.name, url: renamed.outs.url, headers: {} }, renamed);
    expect(emptied.diff?.diffs.map((d) => d.path)).toEqual(["headers"]);
    expect(stored(hook.id), "`{}` sent: the server clears them").not.toHaveProperty("headers");
    expect((await preview(hookImpl, { name: renamed.outs.name, url: renamed.outs.url, headers: {} }, emptied)).diffs).toEqual([]);
  });

  it("keeps an incidentio webhook's body as the program wrote it (the server keeps it but never answers it): no change after up or refresh, a new body is one", async () => {
    const first = { ...program({ service: "incidentio", url: "https://api.example.com/incidents" }), body: '{"title":"{{title}}"}' };
    const hook = await up(hookImpl, first);
    expect(await live(hook.id), "the server does not answer it").not.toHaveProperty("body");
    expect(hook.outs.body, "the outputs carry the program's").toBe(first.body);
    expect((await preview(hookImpl, first, hook)).diffs, "no change on every preview").toEqual([]);
    const read = await hookImpl.read(hook.id, hook.outs);
    expect(read.props.body, "a refresh keeps it").toBe(first.body);
    const rebodied = await up(hookImpl, { ...first, body: '{"title":"{{title}}","v":2}' }, { id: hook.id, outs: read.props });
    expect(rebodied.diff?.diffs.map((d) => d.path)).toEqual(["body"]);
    expect(rebodied.outs.body).toBe('{"title":"{{title}}","v":2}');
    expect((await preview(hookImpl, { ...first, body: '{"title":"{{title}}","v":2}' }, rebodied)).diffs).toEqual([]);
    // On the generic service the server answers it, and the read-back takes the server's.
    await raw("PUT", `/webhooks/${hook.id}`, { name: first.name, service: "generic", url: first.url, body: "changed outside" });
    expect((await hookImpl.read(hook.id, rebodied.outs)).props.body).toBe("changed outside");
  });

  it("says nothing kept or cleared of a map the webhook never had; a map it holds is still named", async () => {
    const lines: string[] = [];
    const said = async <R>(run: () => Promise<R>): Promise<R> => {
      lines.length = 0;
      setProgressSink((message) => lines.push(message));
      return run().finally(() => setProgressSink(undefined));
    };
    // Made with headers and no query parameters: the state records that it holds none.
    const hook = await up(hookImpl, program());
    expect(hook.outs.queryParams, "recorded as holding none").toEqual({});
    const described = await said(() => up(hookImpl, program({ name: hook.outs.name, description: "d" }), hook));
    expect(described.diff?.diffs.map((d) => d.path)).toEqual(["description"]);
    expect(lines.join("\n"), "queryParams was never had").not.toMatch(/queryParams/);
    // Both left out: only the headers, which it holds, are kept.
    const bare = { name: hook.outs.name, url: hook.outs.url, description: "e" };
    const kept = await said(() => up(hookImpl, bare, described));
    expect(lines.join("\n")).toMatch(/: headers kept as on the server/);
    // The url moves: only the headers are cleared, and recorded so.
    const moved = await said(() => up(hookImpl, { ...bare, url: "https://hooks.example.com/moved" }, kept));
    expect(moved.diff?.diffs.map((d) => d.path).sort()).toEqual(["headers", "url"]);
    expect(lines.join("\n")).toMatch(/: headers cleared by the server with this change/);
    expect(moved.outs.headers, "cleared by the server: holds none").toEqual({});
    await said(() => up(hookImpl, { ...bare, url: "https://hooks.example.com/moved", description: "f" }, moved));
    expect(lines, "nothing kept after the clear").toEqual([]);
  });

  it("names the maps the server drops when a change moves the destination and the program leaves them out, and warns", async () => {
    const made = await raw("POST", "/webhooks", { name: `moved-${kind}-${++n}`, service: "generic", url: "https://hooks.example.com/a", headers: { A: "b" } });
    const read = (await hookImpl.read(made.id, {})).props;
    const lines: string[] = [];
    setProgressSink((message) => lines.push(message));
    const moved = await hookImpl
      .diff(made.id, read, await checked(hookImpl, { name: made.name, url: "https://hooks.example.com/b" }))
      .finally(() => setProgressSink(undefined));
    expect(moved.diffs.map((d) => d.path).sort()).toEqual(["headers", "queryParams", "url"]);
    expect(lines.join("\n")).toMatch(/headers, queryParams cleared by the server with this change/);
    await hookImpl.update(made.id, read, await checked(hookImpl, { name: made.name, url: "https://hooks.example.com/b" }));
    expect(stored(made.id), "as the preview said").not.toHaveProperty("headers");
  });

  it("marks in check's answer the maps a move clears that the old inputs lack (the dynamic face's engine lists them from the inputs); the update never sends the mark", async () => {
    const made = await raw("POST", "/webhooks", { name: `marked-${kind}-${++n}`, service: "generic", url: "https://hooks.example.com/a", headers: { A: "b" } });
    const read = (await hookImpl.read(made.id, {})).props;
    // The old inputs of an adopted or imported webhook: no maps.
    const olds = { name: made.name, url: "https://hooks.example.com/a" };
    const still = await hookImpl.check(olds, { ...olds, description: "same place" });
    expect(still.inputs, "no move: nothing marked").not.toHaveProperty("headers");
    const news = (await hookImpl.check(olds, { name: made.name, url: "https://hooks.example.com/b" })).inputs!;
    expect([news.headers, news.queryParams]).toEqual([CLEARED, CLEARED]);
    const moved = await hookImpl.diff(made.id, read, news);
    expect(moved.diffs.map((d) => d.path).sort()).toEqual(["headers", "queryParams", "url"]);
    const updated = await hookImpl.update(made.id, read, news);
    expect(JSON.stringify(stored(made.id)), "the mark is never sent").not.toContain(CLEARED);
    expect(stored(made.id)).not.toHaveProperty("headers");
    expect([updated.outs.headers, updated.outs.queryParams], "recorded as holding none").toEqual([{}, {}]);
  });

  it("refuses a create whose name the service already has, at check, saying how to adopt an older holder; another service may have the name", async () => {
    // Older than any create in flight: only such a holder is offered for adoption.
    const taken = await anHourAgo(() => raw("POST", "/webhooks", { name: "taken", service: "generic", url: "https://hooks.example.com/taken" }));
    const result = await hookImpl.check({}, program({ name: "taken" }));
    expect(result.failures).toEqual([{ property: "name", reason: expect.stringContaining(`webhook ${taken.id} on `) }]);
    expect(result.failures?.[0].reason).toMatch(/the name "taken" is taken by webhook \S+ on \S+ for service generic .*adoptId: "[0-9a-f]{24}"/);
    expect(result.failures?.[0].reason).toContain("adopting another stack's webhook means a `destroy` of this stack deletes it");
    const other = await hookImpl.check({}, { name: "taken", service: "slack", url: "https://hooks.slack.com/services/T/B/x" });
    expect(other.failures ?? []).toEqual([]);

    // A name taken after the run's read, seconds ago: the server's 400, the webhook that holds
    // the name named, and no adoption offered (it may be another stack's create in flight).
    const inputs = await checked(hookImpl, program({ name: "late" }));
    const late = await raw("POST", "/webhooks", { name: "late", service: "generic", url: "https://hooks.example.com/late" });
    const refused = await hookImpl.create(inputs).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(refused).toMatch(
      new RegExp(
        `POST \\S*webhooks -> 400 .*A webhook with this service and name already exists.*; webhook ${late.id} .*was made by someone else while this create ran`,
      ),
    );
    expect(refused).toContain("Another create may be running: wait and run `pulumi up` again");
    expect(refused).not.toMatch(/adoptId/);
    // A name the run's list already shows taken: refused before the POST, still without an adoption.
    const posts = () => emulators.current.control.bodies().filter((b) => /^POST .*\/webhooks$/.test(b.route)).length;
    const sent = posts();
    const before = await hookImpl.create(inputs).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(before).toMatch(new RegExp(`POST \\S*webhooks not sent: the name "late" is taken by webhook ${late.id} `));
    expect(before).not.toMatch(/adoptId/);
    expect(posts() - sent, "no POST").toBe(0);
  });

  it("notes a PUT in the run's list (the server has no GET of one webhook): a create of the old name in the same process reads no list", async () => {
    const first = program();
    const hook = await up(hookImpl, first);
    await up(hookImpl, { ...first, name: `${first.name}-moved` }, hook);
    emulators.current.control.resetStats();
    const lists = () => Object.entries(emulators.current.control.stats().byRoute).filter(([route]) => /^GET .*\/webhooks$/.test(route)).length;
    const again = await up(hookImpl, first);
    expect(again.id).not.toBe(hook.id);
    expect(lists(), "the renamed webhook no longer holds the name in the run's list: no fresh read before the create").toBe(0);
  });

  it("adopts an existing webhook with one PUT that sets its headers; an unknown one is refused", async () => {
    const made = await raw("POST", "/webhooks", { name: "by hand", service: "generic", url: "https://hooks.example.com/hand" });
    const adopted = await up(hookImpl, program({ name: "by hand", adoptId: made.id }));
    expect(adopted.id).toBe(made.id);
    expect(stored(made.id)?.headers).toEqual({ Authorization: "(redacted)" });
    await expect(hookImpl.create(await checked(hookImpl, program({ adoptId: "65f0c0de00000000000000ff" })))).rejects.toThrow(
      /adoptId: no webhook 65f0c0de00000000000000ff/,
    );
  });

  it("surfaces the server's refusal to delete a webhook an alert names, and keeps it", async () => {
    const hook = await up(hookImpl, program());
    const search = await raw("POST", "/saved-searches", { name: "s", sourceId: storedStack(emulators.current, kind).sources[0].id });
    const alert = await up(
      alertImpl,
      alertInputs({
        source: "saved_search",
        dashboardId: undefined,
        tileId: undefined,
        savedSearchId: search.id,
        groupBy: "host",
        channel: { type: "webhook", webhookId: hook.id },
      }),
    );
    await expect(hookImpl.delete(hook.id, hook.outs)).rejects.toThrow(
      /DELETE \S*webhooks\/[0-9a-f]{24} -> 409 .*Cannot delete webhook: 1 alert\(s\) still reference it/,
    );
    expect(await live(hook.id), "still there").toBeTruthy();
    await alertImpl.delete(alert.id, alert.outs);
    await hookImpl.delete(hook.id, hook.outs);
    expect(await live(hook.id)).toBeUndefined();
  });

  it("refuses bad input with the path before any request, and never shows a secret", async () => {
    const result = await hookImpl.check(
      {},
      program({ url: "ftp://hooks.example.com", headers: { "1x": "v" }, service: "pager", description: "d".repeat(2049) }),
    );
    expect(result.failures?.map((f) => f.property).sort()).toEqual(["description", "headers.1x", "service", "url"]);
    const chat = await hookImpl.check({}, { name: "chat", service: "slack", url: "https://hooks.slack.com/x", headers: { A: "b" }, body: "{}" });
    expect(chat.failures?.map((f) => f.property).sort()).toEqual(["body", "headers"]);
    expect(chat.failures?.[0].reason).toMatch(/only the generic and incidentio services take/);
    // The incident service's alerts go through the server's generic transport, which uses all three.
    const incident = await hookImpl.check(EXISTING, {
      name: "inc",
      service: "incidentio",
      url: "https://api.example.com/x",
      headers: { A: "b" },
      queryParams: { q: "1" },
      body: "{}",
    });
    expect(incident.failures ?? []).toEqual([]);
    const made = await up(hookImpl, { name: `inc-${kind}-${++n}`, service: "incidentio", url: "https://api.example.com/x", headers: { A: "b" }, body: "{}" });
    expect(await live(made.id)).toMatchObject({ service: "incidentio" });
    expect(stored(made.id)).toMatchObject({ body: "{}", headers: { A: "(redacted)" } });

    // The server refuses a private address: its 400, with neither the token nor a credential in it.
    const refused = await hookImpl.create(await checked(hookImpl, program({ url: "http://127.0.0.1/hook", queryParams: { key: QUERY_SECRET } }))).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    expect(refused).toMatch(/POST \S*webhooks -> 400 .*Webhook URL resolves to a private or reserved address/);
    for (const secret of [TOKEN, QUERY_SECRET, KEY_SECRET, STACK_TOKEN]) expect(refused).not.toContain(secret);
  });
});

describe("StackWebhook and the gone rule", () => {
  it("a wrong stackUrl fails the refresh and keeps the state (the list is the proof, not a 404)", async () => {
    useTarget("server", emulators.current);
    const hook = await up(hookImpl, { name: "kept", url: "https://hooks.example.com/kept" });
    useTarget("server", emulators.current, { stackUrl: `${emulators.current.url}/elsewhere` });
    const why = await hookImpl.read(hook.id, { ...hook.outs, stackUrl: `${emulators.current.url}/elsewhere` }).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    expect(why).toMatch(
      /^GET \/elsewhere\/api\/v2\/webhooks -> 404 .*stackUrl.* is probably wrong.*whether webhook [0-9a-f]{24} is there could not be told from its collection\. Nothing in the state was changed\.$/,
    );
  });
});

describe("StackWebhook on a first-generation server", () => {
  it("says the server has no webhooks at check and at create, before any write", async () => {
    useTarget("server", emulators.first);
    forgetSnapshots();
    const result = await hookImpl.check({}, { name: "w", url: "https://hooks.example.com/w" });
    expect(result.failures?.[0].reason).toMatch(/first generation of the stack API, which has no webhooks/);
    const inputs = await checked(hookImpl, { name: "w", url: "https://hooks.example.com/w" });
    await expect(hookImpl.create(inputs)).rejects.toThrow(/first generation of the stack API, which has no webhooks/);
    const writes = Object.entries(emulators.first.control.stats().byRoute).filter(([route]) => !route.startsWith("GET "));
    expect(writes).toEqual([]);
  });
});
