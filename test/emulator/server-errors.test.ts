import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Control } from "../../emulator/control";
import { FaultInjector } from "../../emulator/faults";
import { cloudHandler } from "../../emulator/http/envelope";
import { resolveOptions } from "../../emulator/options";
import { Router } from "../../emulator/router";
import { createEmulatorServer } from "../../emulator/server";
import { Stats } from "../../emulator/stats";
import { Store } from "../../emulator/store";
import { send } from "../support/http";

/** A server whose one route throws, as a handler bug would. */
const logged: string[] = [];
let url: string;
let close: () => void;
beforeAll(async () => {
  const options = resolveOptions({ port: 0 });
  const app = { options, store: new Store(options.serviceId) };
  const faults = new FaultInjector(options);
  const stats = new Stats();
  const router = new Router().add(
    "GET",
    "/boom",
    cloudHandler(() => {
      throw new TypeError("cannot read properties of undefined (reading 'brokers')");
    }),
  );
  const abort = new AbortController();
  const server = createEmulatorServer(
    { app, router, faults, stats, control: new Control(app, faults, stats, () => undefined), persist: () => undefined, logError: (line) => logged.push(line) },
    abort.signal,
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => {
    abort.abort();
    server.close();
    server.closeAllConnections();
  };
});
afterAll(() => close());

describe("a handler that throws", () => {
  it("answers a 500 in the envelope and logs the request and the stack", async () => {
    const answer = await send(`${url}/boom`, "GET");
    expect(answer.status).toBe(500);
    expect(answer.json.error).toMatch(/^INTERNAL_SERVER_ERROR: unexpected error: cannot read properties/);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`500 for GET /boom (requestId ${answer.json.requestId})`);
    expect(logged[0]).toMatch(/TypeError: cannot read properties of undefined \(reading 'brokers'\)\n\s+at /);
  });
});
