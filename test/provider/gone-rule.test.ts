/**
 * The read-or-gone rule itself (`provider/engine/gone.ts`), on both API surfaces, over HTTP against
 * a local server scripted per path: an object is gone only when its collection answers in the
 * API's envelope and shape without its id; every other answer is an error naming the setting.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiClient } from "../../provider/client/client";
import type { RetryPolicy } from "../../provider/client/retry";
import { cloudSurface, stackServerSurface } from "../../provider/client/surface";
import { deleteUntilGone, orGone, STATE_KEPT, type Whereabouts } from "../../provider/engine/gone";

interface Answer {
  status: number;
  type?: string;
  body: unknown;
}

/** What the server answers, by `METHOD path` (path with query); unknown requests fail loudly (500). */
let script: Record<string, Answer> = {};
const asked: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    asked.push(key);
    const a = script[key] ?? { status: 500, type: "text/plain", body: `unscripted ${key}` };
    res.writeHead(a.status, { "content-type": a.type ?? "application/json" });
    res.end(typeof a.body === "string" ? a.body : JSON.stringify(a.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = {};
  asked.length = 0;
});

const noRetry: RetryPolicy = { maxRetries: 0, baseDelayMs: 0, maxDelayMs: 0, maxElapsedMs: 0 };
const surfaces = {
  server: {
    client: () => new ApiClient({ surface: stackServerSurface(`${base}/s`, "token"), retry: noRetry }),
    prefix: "/s/api/v2",
    ok: (data: unknown) => ({ status: 200, body: { data } }),
    notFound: { status: 404, type: "text/plain", body: "Not Found" },
    noRoute: { status: 404, type: "text/html", body: "<!DOCTYPE html><html><body><pre>Cannot GET /s/api/v2/alerts</pre></body></html>" },
    setting: /pipestack:stackUrl/,
  },
  cloud: {
    client: () => new ApiClient({ surface: cloudSurface(`${base}/c`, "id", "secret"), retry: noRetry }),
    prefix: "/c",
    ok: (result: unknown) => ({ status: 200, body: { status: 200, requestId: "r", result } }),
    notFound: { status: 404, body: { status: 404, error: "NOT_FOUND: no such alert", requestId: "r" } },
    noRoute: { status: 404, type: "text/html", body: "<html><body><h1>404 Not Found</h1></body></html>" },
    setting: /pipestack:apiUrl/,
  },
};

describe.each(Object.keys(surfaces) as (keyof typeof surfaces)[])("on the %s surface", (name) => {
  const s = surfaces[name];
  const whereabouts = (id = "a1"): Whereabouts<object> => {
    const client = s.client();
    return { noun: "alert", id, client, collection: "/alerts", get: () => client.get<object>(`/alerts/${id}`) };
  };
  const html200 = { status: 200, type: "text/html", body: "<html><body>Welcome</body></html>" };

  it.each([
    ["the object", s.ok({ id: "a1" }), undefined, { id: "a1" }],
    ["gone: a 404, and the list without it", s.notFound, s.ok([{ id: "a2" }]), "gone"],
    ["gone: a JSON 404, and an empty list", { status: 404, body: { message: "Alert not found" } }, s.ok([]), "gone"],
    ["a 404 while the list has it", s.notFound, s.ok([{ id: "a1" }]), /yet its collection lists alert a1/],
    ["a 404 and a 404 list: a missing route", s.notFound, s.noRoute, /the collection \S+\/alerts is a 404 too, so the route is missing/],
    ["a 404 and a JSON 404 list", s.notFound, s.notFound, /is a 404 too/],
    ["a 404 and a 200 {} list", s.notFound, { status: 200, body: {} }, /not the API's answer/],
    ["a 404 and a 200 HTML list", s.notFound, html200, /not the API's answer \(Welcome\)/],
    ["a 404 and a list of things without ids", s.notFound, s.ok([{ name: "x" }]), /not with a list of objects with ids/],
    ["a 200 HTML object", html200, undefined, /-> 200 UNEXPECTED_ANSWER: the body is not the API's answer/],
    ["a 200 {} object", { status: 200, body: {} }, undefined, /-> 200 UNEXPECTED_ANSWER/],
  ] as const)("%s", async (_title, object, list, expected) => {
    script[`GET ${s.prefix}/alerts/a1`] = object;
    if (list) script[`GET ${s.prefix}/alerts`] = list;
    const result = orGone(whereabouts());
    if (expected instanceof RegExp) {
      const err = await result.then(
        () => undefined,
        (e: Error) => e,
      );
      expect(err?.message).toMatch(expected);
      // Every answer that is not the API's names the setting to check; a 404 it contradicts is the API's.
      if (!/yet its collection/.test(expected.source)) expect(err?.message).toMatch(s.setting);
      if (list !== undefined) expect(err?.message, "the state is kept").toContain(STATE_KEPT);
    } else {
      expect(await result).toEqual(expected === "gone" ? undefined : expected);
    }
    expect(asked.filter((a) => a === `GET ${s.prefix}/alerts`).length > 0, "the list was asked exactly when the object was a 404").toBe(object.status === 404);
  });

  it("pages through a full list: an id on the second page is not gone, one on no page is", async () => {
    const page1 = Array.from({ length: 1000 }, (_, i) => ({ id: `x${i}` }));
    script[`GET ${s.prefix}/alerts/a1`] = s.notFound;
    script[`GET ${s.prefix}/alerts`] = s.ok(page1);
    script[`GET ${s.prefix}/alerts?limit=1000&offset=1000`] = s.ok([{ id: "a1" }]);
    await expect(orGone(whereabouts())).rejects.toThrow(/yet its collection lists alert a1/);
    script[`GET ${s.prefix}/alerts?limit=1000&offset=1000`] = s.ok([{ id: "a2" }]);
    expect(await orGone(whereabouts())).toBeUndefined();
    // A route that ignores `offset` answers the first page again: the paging stops.
    script[`GET ${s.prefix}/alerts?limit=1000&offset=1000`] = s.ok(page1);
    expect(await orGone(whereabouts())).toBeUndefined();
  });

  // An API with no read of one object (stack webhooks): the object is read from its list.
  const listed = (id = "a1"): Whereabouts<object> => ({ noun: "webhook", id, client: s.client(), collection: "/alerts", listed: (item) => item as object });
  const page1 = Array.from({ length: 1000 }, (_, i) => ({ id: `x${i}` }));
  it.each([
    ["on the first page", s.ok([{ id: "a2" }, { id: "a1", name: "n" }]), undefined, { id: "a1", name: "n" }],
    ["on the second page", s.ok(page1), s.ok([{ id: "a1" }]), { id: "a1" }],
    ["gone: on no page", s.ok(page1), s.ok([{ id: "a2" }]), "gone"],
    ["gone: an empty list", s.ok([]), undefined, "gone"],
    [
      "a 404 list: a missing route, not a gone object",
      s.noRoute,
      undefined,
      /whether webhook a1 is there could not be told from its collection\. Nothing in the state was changed\.$/,
    ],
    ["a 200 {} list", { status: 200, body: {} }, undefined, /not the API's answer.*Nothing in the state was changed\.$/],
    ["a list of things without ids", s.ok([{ name: "x" }]), undefined, /not with a list of objects with ids.*Nothing in the state was changed\.$/],
  ] as const)("read from the list: %s", async (_title, first, second, expected) => {
    script[`GET ${s.prefix}/alerts`] = first;
    if (second) script[`GET ${s.prefix}/alerts?limit=1000&offset=1000`] = second;
    const read = orGone(listed());
    if (expected instanceof RegExp) await expect(read).rejects.toThrow(expected);
    else expect(await read).toEqual(expected === "gone" ? undefined : expected);
    expect(
      asked.some((a) => a.includes("/alerts/a1")),
      "no read of the one object",
    ).toBe(false);
  });

  it("a delete is done only when the list lacks the id afterwards; its own answer is no proof", async () => {
    const opts = { timeoutMs: 200, intervalMs: 10 };
    const w = whereabouts();
    const del = () => w.client.request({ method: "DELETE", path: "/alerts/a1" });
    script[`DELETE ${s.prefix}/alerts/a1`] = name === "server" ? { status: 200, body: {} } : { status: 200, body: { status: 200, requestId: "r" } };
    script[`GET ${s.prefix}/alerts/a1`] = s.notFound;
    script[`GET ${s.prefix}/alerts`] = s.ok([]);
    await expect(deleteUntilGone(w, del, opts)).resolves.toBeUndefined();
    // Already gone (a 404 to the DELETE): done, once the list says so.
    script[`DELETE ${s.prefix}/alerts/a1`] = s.notFound;
    await expect(deleteUntilGone(w, del, opts)).resolves.toBeUndefined();
    // A 404 to everything: an error, never done.
    script[`GET ${s.prefix}/alerts`] = s.noRoute;
    await expect(deleteUntilGone(w, del, opts)).rejects.toThrow(s.setting);
    // A 200 HTML page to the DELETE: an error naming the setting, saying the state was kept.
    script[`DELETE ${s.prefix}/alerts/a1`] = html200;
    await expect(deleteUntilGone(w, del, opts)).rejects.toThrow(new RegExp(`${s.setting.source}[\\s\\S]*${STATE_KEPT}`));
    // Still listed after the DELETE: not done.
    script[`DELETE ${s.prefix}/alerts/a1`] = name === "server" ? { status: 200, body: {} } : { status: 200, body: { status: 200, requestId: "r" } };
    script[`GET ${s.prefix}/alerts/a1`] = s.ok({ id: "a1" });
    await expect(deleteUntilGone(w, del, opts)).rejects.toThrow(/alert a1 was deleted but is still there after 0.2 s/);
  });
});
