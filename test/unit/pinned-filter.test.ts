/**
 * The server's rule for saved-search filters (one sidebar facet each), in its two copies: the
 * provider's `check` and the emulator (which never imports provider/). One table runs on both,
 * so they cannot drift apart. Cases: the server's own accept/refuse examples.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { isSidebarFilter as emulatorRule } from "../../emulator/stack/pinned-filter";
import { isSidebarFilter as providerRule } from "../../provider/schemas/refinements/pinned-filter";

const ifOr = "if(SeverityText = 'error' or SeverityText = 'fatal', 'Errors', 'Non-errors')";
const ifIn = "if(SeverityText IN ('error', 'fatal'), 'Errors', 'Non-errors')";
const ifBetween = "if(Duration BETWEEN 1 AND 2, 'fast', 'slow')";

const accepted: Array<[string, object]> = [
  ["IN", { condition: "ServiceName IN ('checkout', 'payments')" }],
  ["IN, type sql", { type: "sql", condition: "ServiceName IN ('checkout')" }],
  ["NOT IN", { condition: "SeverityText NOT IN ('debug', 'trace')" }],
  ["numeric BETWEEN", { condition: "Duration BETWEEN 100 AND 5000" }],
  ["map-access column", { condition: "LogAttributes['x'] IN ('y')" }],
  ["a value holding AND", { condition: "Body IN ('a AND b')" }],
  ["a value with an escaped quote", { condition: "Body IN ('it''s')" }],
  ["an expression key nesting IN", { condition: `${ifIn} IN ('Errors')` }],
  ["a nested-function key", { condition: "toString(multiIf(Status >= 500, 'error', 'ok')) IN ('error')" }],
  ["BETWEEN on a function key", { condition: "toFloat64(Duration) BETWEEN 1 AND 2" }],
];

const refused: Array<[string, object]> = [
  ["equality", { condition: "ServiceName = 'checkout'" }],
  ["IN with a dropped conjunct", { condition: "ServiceName IN ('x') AND foo = 1" }],
  ["two columns", { condition: "A IN ('x') AND B IN ('y')" }],
  ["IN and NOT IN on one column", { condition: "A IN ('x') AND A NOT IN ('y')" }],
  ["non-numeric BETWEEN", { condition: "ts BETWEEN '2024-01-01' AND '2024-02-01'" }],
  ["BETWEEN swallowing a clause", { condition: "col BETWEEN 1 AND 2 AND other IN ('x')" }],
  ["NOT BETWEEN", { condition: "ServiceName NOT BETWEEN 1 AND 2" }],
  ["a leading NOT", { condition: "NOT (ServiceName IN ('x'))" }],
  ["an OR", { condition: "A IN ('x') OR A IN ('y')" }],
  ["an empty list", { condition: "A IN ()" }],
  ["empty", { condition: "" }],
  ["a key nesting OR", { condition: `${ifOr} IN ('Errors')` }],
  ["a key nesting BETWEEN ... AND", { condition: `${ifBetween} IN ('fast')` }],
  ["lucene", { type: "lucene", condition: "ServiceName:checkout" }],
  ["lucene, even in the IN form", { type: "lucene", condition: "ServiceName IN ('checkout')" }],
  ["sql_ast", { type: "sql_ast", operator: "=", left: "ServiceName", right: "'checkout'" }],
];

describe.each([
  ["the provider's check", providerRule],
  ["the emulator", emulatorRule],
])("the sidebar-facet rule in %s", (_where, rule) => {
  it.each(accepted)("accepts %s", (_what, filter) => expect(rule(filter)).toBe(true));
  it.each(refused)("refuses %s", (_what, filter) => expect(rule(filter)).toBe(false));
});

describe("the saved-search filters the README and docs/stack.md show", () => {
  const root = path.resolve(__dirname, "..", "..");
  const shown = ["README.md", "docs/stack.md"].map((file) => readFileSync(path.join(root, file), "utf8")).join("\n");
  // Placeholders of the prose (`<column>`) aside.
  const conditions = [...shown.matchAll(/\{ condition: "([^"<]+)" \}/g)].map((m) => m[1]);
  it("are there, and each is one the server takes", () => {
    expect(conditions.length).toBeGreaterThanOrEqual(2);
    for (const condition of conditions) expect(providerRule({ condition }), condition).toBe(true);
  });
});
