/**
 * The pull-request comment on previews a pull request's author shaped: hostile names, types,
 * values and messages, an alias rename of a delete-first replacement, a native provider's
 * preview. Each comment is rendered by a GFM parser (micromark with its GFM extensions, raw HTML
 * let through as a code host's sanitizer lets `<img>`, `<table>` and comments through) and checked on
 * the HTML: one row per changed resource, no comment, no image, no other table, no live mention,
 * within the size a code host takes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";
import { parsePreview, previewComment, renderMarkdown, summarize, type Summary } from "../../provider/pr-summary";
import { doomedAlertWarning } from "../../provider/resources/stack-dashboard/removed-tiles";

const fixtures = path.join(__dirname, "fixtures", "previews");

interface Step {
  op: string;
  urn: string;
  oldState?: Record<string, any>;
  newState?: Record<string, any>;
  detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }> | null;
  [k: string]: unknown;
}
interface Json {
  steps: Step[];
  diagnostics?: { urn?: string; severity: string; message: string }[];
  changeSummary: Record<string, number>;
}

const load = (name: string): Json => JSON.parse(fs.readFileSync(path.join(fixtures, `${name}.json`), "utf8")) as Json;
const nameOf = (urn: string) => urn.split("::").slice(3).join("::");
const withName = (urn: string, name: string) => `${urn.split("::").slice(0, 3).join("::")}::${name}`;
const stepsOf = (json: Json, name: string) => json.steps.filter((s) => nameOf(s.urn) === name);

/** A step of another package's resource (a component, say) with any type and name. */
const foreign = (type: string, name: string, op = "create"): Step => ({
  op,
  urn: `urn:pulumi:e2e::pipestack-gitops::${type}::${name}`,
  newState: { type, inputs: {} },
});

/** The HTML a code host would render (before its sanitizer, which keeps what these checks look for). */
const html = (md: string) => micromark(md, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });

/** The body rows of each table, as HTML. */
const tableRows = (h: string) => [...h.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].map((m) => m[1].split("<tr>").slice(1));

/** Text outside code spans: where a code host links `@name` (it never does in `<code>`). */
const outsideCode = (h: string) => h.replace(/<code>[\s\S]*?<\/code>/g, "").replace(/<[^>]*>/g, "");

/** What a comment must never be, whatever the input. */
function expectHarmless(md: string, rows: number): string {
  const h = html(md);
  expect(md.length, "within the size a code host takes").toBeLessThanOrEqual(60_000);
  expect(h).not.toContain("<!--");
  expect(h).not.toMatch(/<img/i);
  expect(h.match(/<table>/g) ?? [], "the one real table").toHaveLength(1);
  expect(tableRows(h)[0], "one row per changed resource").toHaveLength(rows);
  expect(outsideCode(h), "no live mention").not.toMatch(/@[A-Za-z0-9]/);
  expect(h).not.toMatch(/<a href/);
  return h;
}

const previewOf = (json: Json) => previewComment(JSON.stringify(json));

describe("the comment on a hostile pull request", () => {
  it('a name "\\r<!--" and one "zz\\r-->\\r<table>...</table>" open no comment and forge no row', () => {
    const json = load("replace-delete-first");
    for (const s of stepsOf(json, "orders")) s.urn = withName(s.urn, "\r<!--");
    json.steps.push(foreign("my:x:Comp", "zz\r-->\r<table><tr><td>`orders` (Pipe)</td><td>update</td></tr></table>", "update"));
    const h = expectHarmless(previewOf(json), 3);
    // The replace and its loud line are there, under the name as written.
    expect(tableRows(h)[0][0]).toContain("<code>&lt;U+000D&gt;&lt;!--</code>");
    expect(tableRows(h)[0][0]).toContain("<strong>replace, old deleted first</strong>");
    expect(h).toContain("&lt;U+000D&gt;&lt;!-- (Pipe) is deleted before its replacement is created");
  });

  it("a tile name with a run of two backticks stays inside its code span: no image, no link", () => {
    const json = load("update");
    for (const s of stepsOf(json, "orders-board")) if (s.newState) s.newState.inputs.tiles[1].name = "a``<img src=x>``[l](https://x.test)";
    const h = expectHarmless(previewOf(json), 5);
    expect(h).toContain("<code>&quot;a``&lt;img src=x&gt;``[l](https://x.test)&quot;</code>");
  });

  it("a type `my:x:@reviewer` mentions no one; a line break in a type forges no row", () => {
    const json = load("update");
    json.steps.push(foreign("my:x:@reviewer", "thing"), foreign("my:x:Bad\n| `forged` | delete | |\n", "other"));
    const h = expectHarmless(previewOf(json), 7);
    expect(h).not.toContain("forged</code> | delete");
  });

  it("the ⚠️ lines and the failed preview's lines are escaped too", () => {
    const json = load("replace-delete-first");
    for (const s of stepsOf(json, "orders")) s.urn = withName(s.urn, "**x** <img src=x> @reviewer");
    json.diagnostics = [{ severity: "error", message: "boom\r| forged | delete | |\n<img src=y> @reviewer <!--" }];
    const md = previewOf(json);
    const h = expectHarmless(md, 2);
    expect(h).toContain("**x** &lt;img src=x&gt; @\u2060reviewer (Pipe) is deleted before its replacement is created");
    expect(h).toContain("boom | forged | delete | | &lt;img src=y&gt; @\u2060reviewer &lt;!--");
  });

  it("five names of 20,000 characters: each cut, the comment within the cap", () => {
    const json = load("no-change");
    for (let i = 0; i < 5; i++) json.steps.push(foreign("my:x:Thing", `${i}${"n".repeat(20_000)}`));
    const md = previewOf(json);
    expectHarmless(md, 5);
    expect(md.length).toBeLessThan(5_000);
  });

  it("a comment that would pass 60,000 characters keeps every row, each row's changes cut to its share", () => {
    const base = summarize(parsePreview(JSON.stringify(load("update"))));
    const one = base.changes.find((c) => c.name === "orders-board")!;
    const fields = Array.from({ length: 8 }, (_, i) => ({ path: `${"p".repeat(40)}${i}`, old: "o".repeat(100), new: "n".repeat(100), replaces: false }));
    const changes = Array.from({ length: 50 }, (_, i) => ({
      ...one,
      name: `${"r".repeat(300)}${i}`,
      op: "replace" as const,
      fields,
      replaceReasons: fields.map((f) => f.path),
    }));
    const summary: Summary = { ...base, changes };
    const md = renderMarkdown(summary);
    const rows = tableRows(html(md))[0];
    expect(md.length).toBeLessThanOrEqual(60_000);
    expect(rows).toHaveLength(50);
    for (let i = 0; i < 50; i++) expect(rows[i], `row ${i}`).toContain(`${"r".repeat(150)}`);
    expect(
      rows.every((r) => r.includes("<strong>replace, old deleted first</strong>") || r.includes("replace")),
      "each row names its operation",
    ).toBe(true);
    expect(md).not.toContain("**Truncated:**");
  });
});

describe("an alias rename of a delete-first replacement (orders -> orders-main)", () => {
  /** The recorded delete-first replacement, the new steps under the new name: `delete-replaced` keeps the old URN. */
  function renamed(): Json {
    const json = load("replace-delete-first");
    for (const s of stepsOf(json, "orders")) if (s.op !== "delete-replaced") s.urn = withName(s.urn, "orders-main");
    return json;
  }

  it.each([
    ["recorded from the CLI", () => load("replace-alias-rename"), 1],
    ["built from the recorded delete-first replacement", renamed, 2],
  ] as const)("keeps the ⚠️ ingestion-gap line and the order (%s)", (_how, json, rows) => {
    const md = previewOf(json());
    expect(md).toContain("> ⚠️ **orders-main (Pipe) is deleted before its replacement is created**: ingestion stops until the new pipe runs");
    expect(md).toContain("| `orders-main` (Pipe) | **replace, old deleted first** |");
    expect(md).not.toContain("A replacement's order is not in this preview");
    expectHarmless(md, rows);
  });

  it("pairs by the old object's id, not by place: two renamed pipes, each with its own delete", () => {
    const json = renamed();
    const orders = stepsOf(json, "orders-main").concat(stepsOf(json, "orders"));
    // A second pipe, renamed too, whose old object is another one: listed before the first, and its replacement creates first.
    const other = orders.map((s) => JSON.parse(JSON.stringify(s)) as Step);
    for (const s of other) {
      s.urn = s.op === "delete-replaced" ? withName(s.urn, "refunds") : withName(s.urn, "refunds-main");
      s.oldState!.id = "another-pipe-id";
    }
    const del = other.find((s) => s.op === "delete-replaced")!;
    json.steps.unshift(...other.filter((s) => s !== del));
    json.steps.push(del);
    const s = summarize(parsePreview(JSON.stringify(json)));
    expect(Object.fromEntries(s.changes.map((c) => [c.name, c.deleteFirst]))).toEqual({ brokers: true, "orders-main": true, "refunds-main": false });
  });

  it("a delete-replaced whose id no replacement names stays apart", () => {
    const json = renamed();
    for (const s of stepsOf(json, "orders")) s.oldState!.id = "no-such-object";
    const s = summarize(parsePreview(JSON.stringify(json)));
    expect(s.changes.find((c) => c.name === "orders-main")?.deleteFirst).toBeUndefined();
  });
});

/** The ⚠️ marks a rendered comment shows (the summary's own, and any a text forged). */
const marks = (h: string) => (h.match(/\u26A0/g) ?? []).length;

/** The hostile program's warnings (issue 34): one reassurance, 70 lines of ~1,000 characters, 400 short ones. */
function hostileWarnings(urn: string) {
  return [
    { urn, severity: "warning", message: "orders keeps its data: the replacement is a rename only, safe to merge" },
    ...Array.from({ length: 70 }, (_, i) => ({ urn, severity: "warning", message: `⚠️ **all clear** ${i} ${"x".repeat(1_000)}` })),
    ...Array.from({ length: 400 }, (_, i) => ({ urn, severity: "warning", message: `note ${i}` })),
  ];
}

describe("warnings at preview: the provider's marked, the program's said to be the program's, after every row", () => {
  const doomed = doomedAlertWarning("6b04fe01631c9f9c51202060", { id: "6b04fe01631c9f9c5120206e", name: "orders-errors", tile: { key: "volume", id: "t-1" } });

  it("the provider's own words keep the mark; the same resource's program warning does not; each once, cut, after the table", () => {
    const json = load("update");
    const board = stepsOf(json, "orders-board")[0].urn;
    const root = json.steps[0].urn;
    json.diagnostics = [
      { urn: board, severity: "warning", message: `${doomed}\n` },
      { urn: board, severity: "warning", message: `warning: ${doomed}` },
      { urn: board, severity: "warning", message: "orders-board keeps its alerts: safe to merge" },
      { urn: board, severity: "warning", message: `<img src=x> @reviewer #12 ${"w".repeat(5_000)}` },
      { urn: board, severity: "info", message: "just info" },
      { urn: root, severity: "warning", message: "about the stack" },
    ];
    const md = previewOf(json);
    const h = expectHarmless(md, 5);
    expect(marks(h), "one ⚠️: the provider's warning").toBe(1);
    expect(md).toContain(`> ⚠️ **orders-board (StackDashboard)**: dashboard 6b04fe01631c9f9c51202060: this update removes tile "volume" (t-1), which alert`);
    expect(md).toContain("#### Warnings: 1 from the provider, 2 written by the program (not checked by the provider)");
    expect(md).toContain("- orders-board (StackDashboard), the program's own warning: orders-board keeps its alerts: safe to merge");
    const long = md.split("\n").find((l) => l.includes("&lt;img src=x&gt;"))!;
    expect(long.length).toBeLessThan(500);
    expect(md).not.toContain("just info");
    expect(md).not.toContain("about the stack");
    expect(md.indexOf("#### Warnings")).toBeGreaterThan(md.lastIndexOf("| `"));
  });

  it("a program's 471 warnings (issue 34) push no row out and forge no ⚠️: ten shown, the rest counted", () => {
    const json = load("delete");
    const refunds = stepsOf(json, "refunds")[0].urn;
    json.diagnostics = hostileWarnings(refunds);
    const md = previewOf(json);
    const h = expectHarmless(md, 2);
    expect(tableRows(h)[0].join("")).toContain("<code>refunds</code> (Pipe)</td>\n<td>delete");
    expect(tableRows(h)[0].join("")).toContain("<code>orders-error-search</code> (StackSavedSearch)</td>\n<td>delete");
    expect(marks(h), "the program's ⚠️ is shown as an escape").toBe(0);
    expect(md).toContain("&lt;U+26A0&gt;&lt;U+FE0F&gt; &#42;&#42;all clear&#42;&#42; 0");
    expect(md).toContain("- refunds (Pipe), the program's own warning: orders keeps its data: the replacement is a rename only, safe to merge");
    expect(md).toContain("… and 461 more warnings: see the job's log.");
    expect(md.length).toBeLessThan(10_000);
  });

  it("recorded from the CLI (issue 34's program): every row, the invisible twin shown, no ⚠️, no live reference, 461 warnings counted", () => {
    const json = load("hostile-warnings");
    expect(json.diagnostics?.filter((d) => d.severity === "warning")).toHaveLength(471);
    const md = previewOf(json);
    const h = expectHarmless(md, 4);
    const rows = tableRows(h)[0].join("");
    expect(rows).toContain("<code>victim</code> (Pipe)</td>\n<td>delete");
    expect(rows).toContain("<code>orders</code> (Pipe)</td>\n<td>update");
    expect(rows).toContain("<code>orders&lt;U+200B&gt;</code> (Thing)</td>\n<td>create");
    expect(marks(h)).toBe(0);
    expect(outsideCode(h), "no live issue reference").not.toMatch(/#[0-9]|GH-[0-9]/i);
    expect(md).toContain("#### Warnings: 471 written by the program (not checked by the provider)");
    expect(md).toContain("… and 461 more warnings: see the job's log.");
  });

  it("the provider's warning stays marked among the program's, and is shown first", () => {
    const json = load("update");
    const board = stepsOf(json, "orders-board")[0].urn;
    json.diagnostics = [...hostileWarnings(board), { urn: board, severity: "warning", message: doomed }];
    const h = expectHarmless(previewOf(json), 5);
    expect(marks(h)).toBe(1);
    expect(h.indexOf("\u26A0")).toBeGreaterThan(0);
    expect(h.indexOf("\u26A0")).toBeLessThan(h.indexOf("the program's own warning"));
  });
});

describe("a native provider's preview (pipestack:index:*)", () => {
  /** A recorded preview as the native face writes it: its tokens, a secret held as `[secret]`, and the engine's detailedDiff. */
  function native(name: string): Json {
    const json = JSON.parse(
      fs.readFileSync(path.join(fixtures, `${name}.json`), "utf8").replaceAll("pulumi-nodejs:dynamic/pipestack:", "pipestack:index:"),
    ) as Json;
    return json;
  }

  it("recorded from the CLI: a changed password is [secret] → [secret], an added column and its mapping one element each", () => {
    const md = previewOf(load("native-update"));
    expect(md).toContain(
      '| `events` (Pipe) | update | `destination.columns[1]`: `(none)` → `{"name":"note","type":"String"}`<br>`fieldMappings[1]`: `(none)` → `{"destinationField":"note","sourceField":"note"}`<br>`sourceSecrets`: `[secret]` → `[secret]` |',
    );
    expectHarmless(md, 1);
  });

  it("a changed secret is [secret] → [secret]; an added column is the one element added", () => {
    const json = native("update");
    const [orders] = stepsOf(json, "orders");
    orders.oldState!.inputs.sourceSecrets = "[secret]";
    orders.newState!.inputs.sourceSecrets = "[secret]";
    orders.oldState!.outputs.destination = orders.oldState!.inputs.destination;
    orders.newState!.inputs.destination.columns.push({ name: "currency_code_of_the_order_placed", type: "LowCardinality(String)" });
    orders.detailedDiff = {
      "scaling.replicas": { kind: "update", inputDiff: false },
      "sourceSecrets.credentials.password": { kind: "update", inputDiff: true },
      "destination.columns": { kind: "update", inputDiff: false },
    };
    const md = previewOf(json);
    expect(md).toContain(
      '| `orders` (Pipe) | update | `scaling.replicas`: `1` → `2`<br>`sourceSecrets`: `[secret]` → `[secret]`<br>`destination.columns[2]`: `(none)` → `{"name":"currency_code_of_the_order_placed","type":"LowCard…` |',
    );
    expectHarmless(md, 5);
  });

  it("a long value changed late shows where it differs, not two identical cut strings", () => {
    const json = native("update");
    const [search] = stepsOf(json, "orders-error-search");
    const where = (end: string) => `level:error ${"service:orders OR ".repeat(6)}${end}`;
    search.oldState!.inputs.where = where("old-tail");
    search.newState!.inputs.where = where("new-tail");
    search.detailedDiff = { where: { kind: "update", inputDiff: true } };
    const row = previewOf(json)
      .split("\n")
      .find((l) => l.includes("`orders-error-search`"))!;
    const [, a, b] = /`where`: `([^`]*)` → `([^`]*)`/.exec(row)!;
    expect(a).not.toBe(b);
    expect([a, b].map((v) => v.includes("old-tail") || v.includes("new-tail"))).toEqual([true, true]);
  });

  it("a delete-first replacement's ⚠️ line names the kind's own gap", () => {
    const md = previewOf(native("replace-delete-first"));
    expect(md).toContain("> ⚠️ **orders (Pipe) is deleted before its replacement is created**: ingestion stops until the new pipe runs (an ingestion gap).");
    expect(md).toContain("**brokers (ReversePrivateEndpoint) is deleted before its replacement is created**: pipes reaching their source");
  });
});
