/**
 * An emulator whose lists are long: each collection a resource kind or a list function reads holds
 * `count` more objects, written into the emulator's state file before it starts (one template of
 * each made through the raw API, then copied under new ids and names: no thousand POSTs). No
 * assertions.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { randomUUID } from "node:crypto";
import type { Emulator, EmulatorOptions } from "../../emulator";
import { startTestEmulator } from "./emulator";
import { rawJson } from "./raw-api";
import { kafkaPipe as kafkaBody } from "./pipe-bodies";

type Obj = Record<string, any>;

/** The stack collections filled (on the open-source server's stack), and the service's. */
const STACK_LISTS = ["dashboards", "alerts", "savedSearches", "webhooks", "sources"] as const;
const SERVICE_LISTS = ["pipes", "endpoints"] as const;

/** A stack id (24 hex digits) no seed uses. */
const stackId = (i: number) => `7e${i.toString(16).padStart(22, "0")}`;

/** `count` copies of `template`, each with a new id and a name ending in its index (`<name>-seeded-<i>`). */
function copies(template: Obj, count: number, id: (i: number) => string): Obj[] {
  return Array.from({ length: count }, (_, i) => {
    const copy = structuredClone(template);
    copy.id = id(i);
    if (typeof copy.name === "string") copy.name = `seeded-${i}`;
    if (copy.fields && typeof copy.fields === "object") copy.fields = { ...copy.fields, description: `seeded-${i}` };
    return copy;
  });
}

/** Starts an emulator (current stack server) whose every list above holds `count` more objects. */
export async function emulatorWithLongLists(count: number, options: EmulatorOptions = {}): Promise<{ emulator: Emulator; dispose(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-long-lists-"));
  const file = path.join(dir, "state.json");
  const base = { stackApiVersion: "2.36.0" as const, ...options, stateFile: file };
  const seed = await startTestEmulator(base);
  try {
    // One template of each kind a program makes; sources and endpoints are the emulator's own.
    await rawJson(seed, "cloud", "POST", "/pipes", kafkaBody("template"));
    const stack = (p: string, body: Obj) => rawJson(seed, "stack-server", "POST", p, body);
    const sourceId = (seed.control.state() as Obj).stack.sources[0].id as string;
    await stack("/dashboards", { name: "template", tiles: [] });
    const search = await stack("/saved-searches", { name: "template", sourceId });
    const webhook = await stack("/webhooks", { name: "template", service: "generic", url: "https://hooks.example.com/template" });
    await stack("/alerts", {
      name: "template",
      source: "saved_search",
      savedSearchId: search.id,
      threshold: 1,
      thresholdType: "above",
      interval: "5m",
      channel: { type: "webhook", webhookId: webhook.id },
    });
  } finally {
    await seed.close();
  }
  const snapshot = JSON.parse(fs.readFileSync(file, "utf8")) as Obj;
  for (const list of STACK_LISTS) snapshot.stack[list] = [...snapshot.stack[list], ...copies(snapshot.stack[list].at(-1), count, stackId)];
  const svc = snapshot.services.find((s: Obj) => s.id === seed.options.serviceId);
  for (const list of SERVICE_LISTS) svc[list] = [...svc[list], ...copies(svc[list].at(-1), count, () => randomUUID())];
  fs.writeFileSync(file, JSON.stringify(snapshot));
  const emulator = await startTestEmulator(base);
  return {
    emulator,
    async dispose() {
      await emulator.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
