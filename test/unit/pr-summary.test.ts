/**
 * `pipestack-pr-summary` on previews the real CLI printed (test/unit/fixtures/previews/, recorded
 * by test/e2e/pr-summary.test.ts against the emulator), and on variants of them a preview may
 * hold: plaintext in a secret field, a native provider's `detailedDiff`, no replacement steps, a
 * failed preview.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePreview, previewComment, renderMarkdown, summarize } from "../../provider/pr-summary";
import type { Preview } from "../../provider/pr-summary/preview";
import { runProcess } from "../support/run-process";

const root = path.resolve(__dirname, "..", "..");
const fixtures = path.join(__dirname, "fixtures", "previews");
const text = (name: string) => fs.readFileSync(path.join(fixtures, `${name}.json`), "utf8");
const load = (name: string): Preview => parsePreview(text(name));
const summaryOf = (name: string) => summarize(load(name));

/** name -> op, and for a replacement whether the old object goes first. */
const ops = (name: string) =>
  Object.fromEntries(summaryOf(name).changes.map((c) => [c.name, c.op === "replace" ? `replace${c.deleteFirst ? ", delete first" : ", create first"}` : c.op]));

describe("pr-summary on recorded previews", () => {
  it.each([
    [
      "create",
      { brokers: "create", orders: "create", "orders-board": "create", "orders-error-search": "create", "orders-errors": "create", refunds: "create" },
      0,
    ],
    ["no-change", {}, 6],
    ["update", { brokers: "update", orders: "update", "orders-board": "update", "orders-error-search": "update", "orders-errors": "update" }, 1],
    [
      "replace",
      {
        brokers: "replace, create first",
        orders: "replace, create first",
        "orders-board": "replace, create first",
        "orders-error-search": "replace, create first",
        "orders-errors": "replace, create first",
      },
      1,
    ],
    ["replace-delete-first", { brokers: "replace, delete first", orders: "replace, delete first" }, 4],
    ["replace-alias-rename", { "orders-main": "replace, delete first" }, 5],
    ["delete", { "orders-error-search": "delete", refunds: "delete" }, 4],
    ["drift-without-refresh", { "orders-errors": "update" }, 3],
    ["drift", { orders: "create", "orders-board": "update", "orders-errors": "update" }, 1],
  ] as const)("%s: one entry per changed resource, the rest counted", (name, expected, unchanged) => {
    expect(ops(name)).toEqual(expected);
    expect(summaryOf(name).unchanged).toBe(unchanged);
  });

  it("an update lists each changed field old -> new, arrays by element", () => {
    const byName = Object.fromEntries(summaryOf("update").changes.map((c) => [c.name, c.fields.map((f) => [f.path, f.old, f.new, f.replaces])]));
    expect(byName).toEqual({
      brokers: [["customPrivateDnsMappings[0].privateDnsName", "*.kafka.internal", "*.kafka.internal.example", false]],
      orders: [["scaling.replicas", 1, 2, false]],
      "orders-board": [
        ["name", "Orders", "Orders v2", false],
        ["tiles[1].w", 4, 6, false],
      ],
      "orders-error-search": [["where", "level:error service:orders", "level:error", false]],
      "orders-errors": [["threshold", 10, 20, false]],
    });
  });

  it("a replacement names the fields that force it, by the package's field policy", () => {
    const orders = summaryOf("replace").changes.find((c) => c.name === "orders")!;
    expect(orders.fields.filter((f) => f.replaces).map((f) => f.path)).toEqual(["destination.table", "source.kafka.topics"]);
    // `name` changes in place, and the endpoint id is only known after the endpoint is replaced.
    expect(orders.fields.filter((f) => !f.replaces).map((f) => f.path)).toEqual(["name", "source.kafka.reversePrivateEndpointIds[0]"]);
    expect(orders.replaceReasons).toEqual(["destination.table", "source.kafka.topics"]);
    const board = summaryOf("replace").changes.find((c) => c.name === "orders-board")!;
    expect(board.replaceReasons).toEqual(["organizationId", "serviceId", "stackUrl"]);
  });

  it("a delete-before-replace gets a loud line saying what it interrupts, above the table", () => {
    const md = previewComment(text("replace-delete-first"));
    const loud = md.split("\n").filter((l) => l.startsWith("> ⚠️"));
    expect(loud).toEqual([
      "> ⚠️ **brokers (ReversePrivateEndpoint) is deleted before its replacement is created**: pipes reaching their source through it lose the connection until the new endpoint is Ready.",
      "> ⚠️ **orders (Pipe) is deleted before its replacement is created**: ingestion stops until the new pipe runs (an ingestion gap).",
    ]);
    expect(md.indexOf("> ⚠️")).toBeLessThan(md.indexOf("| Resource |"));
    expect(previewComment(text("replace"))).not.toContain("⚠️");
  });

  it("drift found by --refresh is listed apart from the program's changes; a plain preview shows none", () => {
    const s = summaryOf("drift");
    expect(s.refreshed).toBe(true);
    expect(s.drift).toEqual([
      { name: "orders", type: "Pipe", kind: "deleted", fields: [] },
      { name: "orders-board", type: "StackDashboard", kind: "changed", fields: [{ path: "name", old: "Orders v2", new: "Orders (edited)", replaces: false }] },
    ]);
    const board = s.changes.find((c) => c.name === "orders-board")!;
    expect([board.fields, board.revertsDrift]).toEqual([[], ["name"]]);
    const plain = summaryOf("drift-without-refresh");
    expect([plain.refreshed, plain.drift]).toEqual([false, []]);
    const md = previewComment(text("drift"));
    expect(md.indexOf("#### Drift")).toBeGreaterThan(md.indexOf("| `orders-errors` (StackAlert) | update |"));
  });

  it("drift as the engine lists it for a native provider (the refresh's step rewritten to an update or a delete) reads the same", () => {
    const json = JSON.parse(text("drift")) as { steps: Record<string, any>[] };
    const later = (urn: string) => json.steps.find((s) => s.urn === urn && s.op !== "refresh")!;
    for (const step of json.steps) {
      if (step.op !== "refresh") continue;
      if ((step.urn as string).endsWith("::orders-board"))
        Object.assign(step, { op: "update", newState: later(step.urn).oldState, detailedDiff: { name: { kind: "update", inputDiff: false } } });
      if ((step.urn as string).endsWith("::orders")) Object.assign(step, { op: "delete", newState: undefined });
    }
    const s = summarize(parsePreview(JSON.stringify(json)));
    expect(s.drift).toEqual(summaryOf("drift").drift);
    expect(s.changes).toEqual(summaryOf("drift").changes);
  });

  it("drift in the server's own timestamps alone is not drift", () => {
    const json = JSON.parse(text("drift")) as { steps: Record<string, any>[] };
    for (const step of json.steps.filter((s) => (s.urn as string).endsWith("::orders-errors"))) {
      step.oldState.outputs.updatedAt = step.op === "refresh" ? "2026-01-01T00:00:00Z" : "2026-02-02T00:00:00Z";
    }
    expect(summarize(parsePreview(JSON.stringify(json))).drift.map((d) => d.name)).toEqual(["orders", "orders-board"]);
  });

  it("the whole comment of a no-change preview is one line of counts", () => {
    expect(previewComment(text("no-change"))).toBe("### Pulumi preview: 6 unchanged\n\nNo changes.\n");
  });
});

/** A copy of a recorded preview with the step of `name` changed by `edit`. */
function edited(fixture: string, name: string, edit: (step: Record<string, any>) => void): string {
  const json = JSON.parse(text(fixture)) as { steps: Record<string, any>[] };
  for (const step of json.steps) if ((step.urn as string).endsWith(`::${name}`) && step.op !== "delete-replaced") edit(step);
  return JSON.stringify(json);
}

describe("pr-summary never prints a secret", () => {
  const PLAIN = ["plain-password-1", "plain-password-2", "plain-key-secret", "plain-stack-token", "plain-secret-material"];

  it("values in secret fields are [secret] even when the preview holds them in plaintext", () => {
    const json = edited("update", "orders", (step) => {
      const put = (state: Record<string, any>, pw: string) => {
        state.inputs.source.kafka.credentials = { username: "reader", password: pw };
        state.inputs.connection = { keyId: "id", keySecret: "plain-key-secret", stackToken: "plain-stack-token" };
        state.inputs.sourceSecrets = { credentials: { password: "plain-secret-material" } };
      };
      put(step.oldState, "plain-password-1");
      put(step.newState, "plain-password-2");
      step.newState.inputs.sourceSecrets = { credentials: { password: "plain-password-2" } };
    });
    const md = previewComment(json);
    for (const p of PLAIN) expect(md, p).not.toContain(p);
    const orders = summarize(parsePreview(json)).changes.find((c) => c.name === "orders")!;
    // A changed secret shows as a change of [secret], at the secret field's path; an unchanged one not at all.
    expect(orders.fields.map((f) => [f.path, f.old, f.new])).toEqual([
      ["scaling.replicas", 1, 2],
      ["source.kafka.credentials", "[secret]", "[secret]"],
      ["sourceSecrets", "[secret]", "[secret]"],
    ]);
  });

  it("several changed leaves of one secret are one row of it, from the states and from the engine's detailedDiff", () => {
    const change = (step: Record<string, any>) => {
      step.oldState.inputs.source.kafka.credentials = { username: "reader-1", password: "plain-password-1" };
      step.newState.inputs.source.kafka.credentials = { username: "reader-2", password: "plain-password-2" };
    };
    const rowsOf = (json: string) =>
      summarize(parsePreview(json))
        .changes.find((c) => c.name === "orders")!
        .fields.filter((f) => f.path.startsWith("source."))
        .map((f) => [f.path, f.old, f.new]);
    const detailed = (step: Record<string, any>) => {
      change(step);
      step.detailedDiff = Object.fromEntries(["username", "password"].map((k) => [`source.kafka.credentials.${k}`, { kind: "update", inputDiff: true }]));
    };
    const one = [["source.kafka.credentials", "[secret]", "[secret]"]];
    expect(rowsOf(edited("update", "orders", change))).toEqual(one);
    expect(rowsOf(edited("update", "orders", detailed))).toEqual(one);
  });

  it("a secret field inside a value shown whole (a new object, an added element) is [secret] in it", () => {
    const json = edited("update", "orders", (step) => {
      step.oldState.inputs.source = { kafka: { topics: "orders" } };
      step.newState.inputs.source = { objectStorage: { url: "https://b.example.test/x", accessKey: { accessKeyId: "AK", secretKey: "plain-password-1" } } };
    });
    const md = previewComment(json);
    expect(md).not.toContain("plain-password-1");
    const orders = summarize(parsePreview(json)).changes.find((c) => c.name === "orders")!;
    expect(orders.fields.map((f) => [f.path, f.old, f.new])).toEqual([
      ["scaling.replicas", 1, 2],
      ["source.kafka", { topics: "orders" }, undefined],
      ["source.objectStorage", undefined, { url: "https://b.example.test/x", accessKey: "[secret]" }],
    ]);
  });
});

describe("pr-summary on what a preview may also hold", () => {
  it("a long change stays short: 8 fields a resource, 50 resources a table, the rest counted", () => {
    const one = summaryOf("update").changes.find((c) => c.name === "orders-board")!;
    const fields = Array.from({ length: 11 }, (_, i) => ({ path: `tiles[${i}].w`, old: 1, new: 2, replaces: false }));
    const changes = Array.from({ length: 53 }, (_, i) => ({ ...one, name: `board-${i}`, fields }));
    const md = renderMarkdown({ ...summaryOf("update"), changes });
    const rows = md.split("\n").filter((l) => l.startsWith("| `board-"));
    expect(rows).toHaveLength(50);
    expect(rows[0].match(/<br>/g)).toHaveLength(8);
    expect(rows[0]).toContain("… and 3 more");
    expect(md).toContain("| … and 3 more resources |");
  });

  it("uses the engine's detailedDiff when it gives one (native providers): those fields, those kinds", () => {
    const json = edited("update", "orders-board", (step) => {
      step.detailedDiff = { "tiles[1].w": { kind: "update", inputDiff: false }, 'tags["team.name"]': { kind: "add-replace", inputDiff: true } };
      step.newState.inputs.tags = { "team.name": "orders" };
    });
    const board = summarize(parsePreview(json)).changes.find((c) => c.name === "orders-board")!;
    expect(board.fields).toEqual([
      { path: "tiles[1].w", old: 4, new: 6, replaces: false },
      { path: 'tags["team.name"]', old: undefined, new: "orders", replaces: true },
    ]);
  });

  it("without --show-replacement-steps, a replacement's order is unknown and the comment says how to see it", () => {
    const json = JSON.parse(text("replace-delete-first")) as { steps: { op: string }[] };
    json.steps = json.steps.filter((s) => s.op !== "create-replacement" && s.op !== "delete-replaced");
    const s = summarize(parsePreview(JSON.stringify(json)));
    expect(s.changes.map((c) => c.deleteFirst)).toEqual([undefined, undefined]);
    expect(renderMarkdown(s)).toContain("run `pulumi preview --json --show-replacement-steps`");
    expect(renderMarkdown(s)).not.toContain("⚠️");
  });

  it("a failed preview leads with its errors", () => {
    const json = JSON.parse(text("no-change")) as Record<string, unknown>;
    json.diagnostics = [
      { message: "POST /v1/.../pipes -> 409 CONFLICT: name taken\n", severity: "error" },
      { message: "just info", severity: "info" },
    ];
    const md = previewComment(JSON.stringify(json));
    expect(md).toContain("**The preview failed:**\n\n> POST /v1/.../pipes -&gt; 409 CONFLICT: name taken\n");
    expect(md).not.toContain("just info");
  });

  it("refuses input that is not a preview, without quoting it", () => {
    expect(() => parsePreview("Previewing update (prod): secret-ish text")).toThrow(/^the input is not JSON/);
    expect(() => parsePreview('{"steps": [{"urn": 1}]}')).toThrow(
      /not the output of `pulumi preview --json` \(steps\.0\.op: Required; steps\.0\.urn: Expected string/,
    );
  });
});

describe("the pipestack-pr-summary command", () => {
  const bin = path.join(root, "bin", "pipestack-pr-summary.js");
  const run = (input: string, args: string[] = []) => runProcess(process.execPath, [bin, ...args], { input });

  it("turns a preview on standard input into the comment on standard output", async () => {
    const r = await run(text("replace-delete-first"), ["--title", "Preview of prod"]);
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(r.stdout).toBe(previewComment(text("replace-delete-first"), { title: "Preview of prod" }));
    expect(r.stdout).toMatch(/^### Preview of prod: 2 to replace, 4 unchanged/);
  });

  it("exits 1 naming the problem on input that is not a preview, 2 on an unknown argument", async () => {
    const bad = await run("not json");
    expect([bad.status, bad.stdout, bad.stderr.trim()]).toEqual([
      1,
      "",
      "pipestack-pr-summary: the input is not JSON: pipe in what `pulumi preview --json` prints",
    ]);
    expect((await run("{}", ["--nope"])).status).toBe(2);
  });
});
