/**
 * The reference pages' examples as a current server (emulator 2.36.0) takes them: the tiles of the
 * StackDashboard example, read from docs/stack-dashboard.md with the log source it looks up, are
 * created through the dashboard engine, so an example a current server refuses (a series with
 * `dataSource` and no `sourceId`: `400 sourceId: Required`) fails here.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { dashboardEngine } from "../support/engines";
import { up } from "../support/engine-run";
import { startTestEmulator } from "../support/emulator";
import { storedStack } from "../support/stored";
import { TARGETS, useTarget } from "../support/stack-targets";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());

/** The text of the bracketed list that follows `label` in `text` (brackets inside strings do not occur in the examples). */
function listAfter(text: string, label: string): string {
  const start = text.indexOf(`${label}[`) + label.length;
  if (start < label.length) throw new Error(`no ${label} in the example`);
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "[") depth++;
    if (text[i] === "]" && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`unclosed ${label} in the example`);
}

const page = fs.readFileSync(path.resolve(__dirname, "..", "..", "docs", "stack-dashboard.md"), "utf8");
const example = /## Example\n\n```ts\n([\s\S]*?)```/.exec(page)?.[1] ?? "";

describe.each(TARGETS)("the StackDashboard example on a current server (%s target)", (kind) => {
  it("creates its dashboard, each series naming the log source the example looks up", async () => {
    useTarget(kind, emulator);
    const logs = storedStack(emulator, kind).sources.find((s) => s.kind === "log")!.id;
    // The example's own literal, evaluated with the source id it finds: the page is the input.
    const tiles = JSON.parse(JSON.stringify(runInNewContext(`(${listAfter(example, "tiles: ")})`, { logs }))) as Array<Record<string, unknown>>;
    const board = await up(dashboardEngine, { name: "checkout", tiles, tags: ["checkout"] });
    const stored = storedStack(emulator, kind).dashboards.find((d) => d.id === board.id)!;
    expect(stored.tiles.map((t: { name: string; config: { source?: string; sourceId?: string } }) => [t.name, t.config.sourceId ?? t.config.source])).toEqual([
      ["Errors", logs],
    ]);
  });
});
