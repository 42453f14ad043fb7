import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { apiV2, cloud } from "../support/raw-api";
import { basic, send } from "../support/http";
import { control } from "../support/control-api";
import { kafkaPipe } from "../support/pipe-bodies";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("cloud API authentication", () => {
  const cases: Array<[string, () => Record<string, string>]> = [
    ["no Authorization header", () => ({})],
    ["a wrong secret", () => ({ authorization: basic(emulator.options.keyId, "not-the-secret") })],
    ["a wrong key id", () => ({ authorization: basic("someone-else", emulator.options.keySecret) })],
    ["a bearer token", () => ({ authorization: `Bearer ${emulator.options.stackToken}` })],
  ];
  it.each(cases)("answers 401 JSON for %s", async (_label, headers) => {
    const answer = await send(`${cloud(emulator).base}/pipes`, "GET", undefined, headers());
    expect(answer.status).toBe(401);
    expect(answer.json.status).toBe(401);
    expect(answer.json.error).toMatch(/^UNAUTHORIZED: /);
    expect(answer.json.requestId).toMatch(UUID_V4);
  });

  it("accepts the configured key", async () => {
    const answer = await cloud(emulator).call("GET", "/pipes");
    expect(answer.status).toBe(200);
    expect(answer.json.result).toEqual([]);
  });
});

describe("cloud API envelope", () => {
  it("wraps results as {status, requestId, result} with a fresh requestId echoed in X-Request-Id", async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => cloud(emulator).call("GET", "/pipes")));
    const ids = answers.map((a) => a.json.requestId as string);
    for (const answer of answers) {
      expect(Object.keys(answer.json).sort()).toEqual(["requestId", "result", "status"]);
      expect(answer.json.status).toBe(200);
      expect(answer.json.requestId).toMatch(UUID_V4);
      expect(answer.headers.get("x-request-id")).toBe(answer.json.requestId);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("answers DELETE with {status, requestId} and no result", async () => {
    const created = await cloud(emulator).call("POST", "/pipes", kafkaPipe("envelope-delete"));
    const deleted = await cloud(emulator).call("DELETE", `/pipes/${created.json.result.id}`);
    expect(deleted.status).toBe(200);
    expect(Object.keys(deleted.json).sort()).toEqual(["requestId", "status"]);
  });

  it("answers an unknown route with a non-JSON 404", async () => {
    const answer = await cloud(emulator).call("GET", "/no-such-thing");
    expect(answer.status).toBe(404);
    expect(answer.json).toBeUndefined();
    expect(answer.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("answers an unknown organization with a JSON 404 NOT_FOUND", async () => {
    const other = "11111111-1111-4111-8111-111111111111";
    const answer = await send(`${emulator.url}/v1/organizations/${other}/services/${emulator.options.serviceId}/pipes`, "GET", undefined, {
      authorization: basic(emulator.options.keyId, emulator.options.keySecret),
    });
    expect(answer.status).toBe(404);
    expect(answer.json.error).toMatch(/^NOT_FOUND: /);
  });

  it("answers a non-UUID service id with 400", async () => {
    const answer = await cloud(emulator, "not-a-uuid").call("GET", "/pipes");
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/^BAD_REQUEST: serviceId/);
  });

  it("accepts any UUID service under the organization, each with its own pipes", async () => {
    const other = cloud(emulator, "22222222-2222-4222-8222-222222222222");
    const created = await other.call("POST", "/pipes", kafkaPipe("other-service-pipe"));
    expect(created.status).toBe(200);
    expect(created.json.result.serviceId).toBe("22222222-2222-4222-8222-222222222222");
    const mine = await cloud(emulator).call("GET", "/pipes");
    expect(mine.json.result.map((p: { name: string }) => p.name)).not.toContain("other-service-pipe");
    const service = await other.call("GET", "");
    expect(service.json.result).toMatchObject({ id: "22222222-2222-4222-8222-222222222222", state: "running" });
  });

  it("answers a body that is not JSON with 400", async () => {
    const answer = await cloud(emulator).call("POST", "/pipes", "{not json");
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/^BAD_REQUEST: invalid JSON body/);
  });
});

describe("open-source stack API authentication and envelope", () => {
  it("answers a wrong token with a plain-text 401", async () => {
    const answer = await send(`${emulator.url}/api/v2/dashboards`, "GET", undefined, { authorization: "Bearer wrong" });
    expect(answer.status).toBe(401);
    expect(answer.text).toBe("Unauthorized");
    expect(answer.headers.get("content-type")).toMatch(/text\/plain/);
  });

  it("answers a Basic key with a plain-text 401 too", async () => {
    const answer = await send(`${emulator.url}/api/v2/alerts`, "GET", undefined, { authorization: basic(emulator.options.keyId, emulator.options.keySecret) });
    expect(answer.status).toBe(401);
    expect(answer.text).toBe("Unauthorized");
  });

  it("wraps results as {data}", async () => {
    const answer = await apiV2(emulator).call("GET", "/sources");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(["data"]);
    expect(answer.json.data.map((s: { kind: string }) => s.kind).sort()).toEqual(["log", "metric", "session", "trace"]);
  });

  it("answers an unknown route with the real server's HTML page, byte for byte", async () => {
    for (const [method, path] of [
      ["GET", "/nosuchthing"],
      ["GET", "/dashboards/000000000000000000000000/extra"],
      ["PATCH", "/dashboards/000000000000000000000000"],
    ]) {
      const answer = await apiV2(emulator).call(method, path);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(answer.text).toBe(
        `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} /api/v2${path}</pre>\n</body>\n</html>\n`,
      );
    }
  });
});

describe("stats", () => {
  it("counts API requests by method and route template, not control requests", async () => {
    await control(emulator, "POST", "/stats/reset");
    await cloud(emulator).call("GET", "/pipes");
    await cloud(emulator).call("GET", "/pipes");
    await apiV2(emulator).call("GET", "/dashboards");
    await control(emulator, "GET", "/state");
    const stats = (await control(emulator, "GET", "/stats")).json;
    expect(stats.requests).toBe(3);
    expect(stats.byRoute).toEqual({
      "GET /v1/organizations/{organizationId}/services/{serviceId}/pipes": 2,
      "GET /api/v2/dashboards": 1,
    });
  });
});
