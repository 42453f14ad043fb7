/**
 * The control API answers only what a test or a person on this machine sends: a loopback Host,
 * JSON for every call that changes something, no page of another origin; no path with a dot
 * segment (literal or percent-encoded) reaches any route; a connection that trickles its
 * headers is closed after the idle timeout. Raw sockets, so nothing normalises the requests.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { hasDotSegment } from "../../emulator/http/request-guard";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
const IDLE_MS = 400;
beforeAll(async () => {
  emulator = await startTestEmulator({ idleTimeoutMs: IDLE_MS });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.control.clearScripts());

/** Sends one raw HTTP/1.1 request; resolves to its status line's code. */
function raw(request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(emulator.port, "127.0.0.1");
    let text = "";
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.end(request);
  });
}

function request(method: string, target: string, headers: Record<string, string>, body = ""): string {
  const lines = [
    `${method} ${target} HTTP/1.1`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** How many scripted fault strikes are queued: a refused `POST /__emulator/script` adds none. */
function pending(): number {
  return (emulator.control as unknown as { faults: { pendingScripts(): number } }).faults.pendingScripts();
}

describe("the control API refuses what a web page or another host could send", () => {
  const local = () => `127.0.0.1:${emulator.port}`;
  const script = JSON.stringify({ path: "/never$", status: 500 });
  it.each([
    ["text/plain POST", () => request("POST", "/__emulator/script", { host: local(), "content-type": "text/plain" }, script), 415],
    ["form POST", () => request("POST", "/__emulator/script", { host: local(), "content-type": "application/x-www-form-urlencoded" }, script), 415],
    ["POST without a content type", () => request("POST", "/__emulator/script", { host: local() }, script), 415],
    ["a rebinding Host", () => request("POST", "/__emulator/script", { host: "attacker.example.test", "content-type": "application/json" }, script), 403],
    ["a GET with a foreign Host", () => request("GET", "/__emulator/state", { host: `attacker.example.test:${emulator.port}` }), 403],
    [
      "a JSON POST from another origin",
      () => request("POST", "/__emulator/script", { host: local(), origin: "https://attacker.example.test", "content-type": "application/json" }, script),
      403,
    ],
    ["%2e%2e segments climbing to the control API", () => request("GET", "/v1/organizations/%2e%2e/%2e%2e/__emulator/state", { host: local() }), 400],
    ["literal .. segments", () => request("GET", "/v1/organizations/../../__emulator/state", { host: local() }), 400],
    ["mixed .%2E segments on an API route", () => request("GET", "/v1/organizations/.%2E/x", { host: local() }), 400],
  ])("%s", async (_what, build, status) => {
    expect(await raw(build())).toBe(status);
    expect(pending(), "the refused call queued nothing").toBe(0);
  });

  it.each([
    ["a JSON POST on 127.0.0.1", "127.0.0.1:1234"],
    ["a JSON POST on localhost (charset given)", "localhost"],
    ["a JSON POST on [::1]", "[::1]:1"],
  ])("%s passes", async (_what, host) => {
    expect(await raw(request("POST", "/__emulator/script", { host, "content-type": "application/json; charset=utf-8" }, script))).toBe(200);
    expect(pending()).toBe(1);
    emulator.control.clearScripts();
  });
});

describe("dot segments", () => {
  it.each([
    ["/a/../b", true],
    ["/a/%2e%2e/b", true],
    ["/a/%2E./b", true],
    ["/a/./b", true],
    ["/a/%2e/b?x=..", true],
    ["/a/..b/c", false],
    ["/a/b?path=../x", false],
    ["/v1/organizations/x/services/y/pipes", false],
  ])("%s -> %s", (target, expected) => {
    expect(hasDotSegment(target)).toBe(expected);
  });
});

describe("idle sockets", () => {
  it("a connection that trickles its headers (slowloris) is closed after the idle timeout", async () => {
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(emulator.port, "127.0.0.1");
      socket.on("error", () => undefined);
      socket.write(`GET /__emulator/state HTTP/1.1\r\nhost: 127.0.0.1:${emulator.port}\r\n`);
      const drip = setInterval(() => socket.write(`x-drip-${Date.now()}: 1\r\n`), 50);
      socket.on("close", () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      });
      // Give up well past the limit, so a server without one fails the assertion below.
      setTimeout(() => socket.destroy(), 8_000);
    });
    expect(closedAfter).toBeLessThan(IDLE_MS * 4);
    expect(closedAfter).toBeGreaterThanOrEqual(IDLE_MS - 50);
  }, 15_000);
});
