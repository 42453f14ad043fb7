import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { cloud } from "../support/raw-api";
import { control } from "../support/control-api";
import { kafkaPipe, kinesisPipe, objectStoragePipe, postgresPipe } from "../support/pipe-bodies";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
let api: ReturnType<typeof cloud>;
beforeAll(async () => {
  emulator = await startTestEmulator();
  api = cloud(emulator);
});
afterAll(() => emulator.close());

const kinds: Array<[string, (name: string) => Record<string, unknown>]> = [
  ["kafka", (n) => kafkaPipe(n)],
  ["objectStorage", (n) => objectStoragePipe(n, true)],
  ["kinesis", (n) => kinesisPipe(n)],
  ["postgres", (n) => postgresPipe(n)],
];

/** Sources that name no member of the pipe's own kind: valid, and they change nothing there. */
const emptySources: Array<[string, (kind: string) => Record<string, unknown>]> = [
  ["an empty source", () => ({})],
  ["the kind set to null", (kind) => ({ [kind]: null })],
  ["only validateSamples", () => ({ validateSamples: true })],
];

describe("a PATCH whose source names nothing of the pipe's kind", () => {
  const cases = kinds.flatMap(([kind, body]) => emptySources.map(([label, source]) => [kind, label, body, source] as const));
  it.each(cases)("%s pipe, %s: 200, the source kept, every read still served", async (kind, label, body, source) => {
    const name = `keep-${kind}-${label.replace(/\W/g, "-")}`.toLowerCase();
    const created = await api.call("POST", "/pipes", body(name));
    expect(created.status, created.text).toBe(200);
    const id = created.json.result.id;
    const patched = await api.call("PATCH", `/pipes/${id}`, { source: source(kind) });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.result.source[kind]).toEqual(created.json.result.source[kind]);
    const read = await api.call("GET", `/pipes/${id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json.result.source[kind]).toEqual(created.json.result.source[kind]);
    expect((await api.call("GET", "/pipes")).status).toBe(200);
    expect((await control(emulator, "GET", "/state")).status).toBe(200);
  });
});

describe("the state dump of a pipe's write-only credentials", () => {
  it("shows which keys the pipe holds, never their values; a PATCH without them keeps them", async () => {
    const created = await api.call("POST", "/pipes", kafkaPipe("dump-creds"));
    expect(created.status, created.text).toBe(200);
    const id = created.json.result.id as string;
    const dumped = async () => {
      const state = (await control(emulator, "GET", "/state")).json;
      return state.services[emulator.options.serviceId].pipes.find((p: { id: string }) => p.id === id);
    };
    const first = await dumped();
    expect(first.source.credentials).toEqual({ username: "[redacted]", password: "[redacted]" });
    expect(JSON.stringify(first)).not.toContain("kafka-pass-4242");
    expect((await api.call("PATCH", `/pipes/${id}`, { name: "dump-creds-2" })).status).toBe(200);
    expect((await dumped()).source.credentials).toEqual({ username: "[redacted]", password: "[redacted]" });
  });
});
