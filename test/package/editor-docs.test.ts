/**
 * What an editor shows on hover over nested argument fields, asked of TypeScript's language
 * service as editors ask it: the field's doc comment from the schema, and its type as one Input
 * (`Input<boolean | undefined>`, not `Input<undefined> | Input<false> | Input<true>`). The
 * program imports the package by name and its named nested types, as users write them.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { probeLanguageService } from "../support/probe-language-service";

const root = path.resolve(__dirname, "..", "..");
const file = path.join(root, "examples", "__hover.ts");
const text = `import type { PipeArgs, DestinationArgs, StackTileArgs, ScalingArgs, StackDashboardArgs, StackSavedSearchArgs } from "pulumi-pipestack";
const destination: DestinationArgs = { database: "d", managedTable: true, columns: [] };
const scaling: ScalingArgs = { replicaCpuMillicores: 500 };
export const pipe: PipeArgs = { source: { kafka: { brokers: "b", topics: "t", consumerGroup: "g", authentication: "PLAIN" } }, destination, scaling };
export const tile: StackTileArgs = { name: "n", key: "k", x: 0, y: 0, w: 1, h: 1, series: [{ type: "time", dataSource: "events", aggFn: "count" }] };
export const board: StackDashboardArgs = { organizationId: "o", tiles: [
  { name: "b", x: 0, y: 0, w: 1, h: 1, config: { displayType: "line", sourceId: "s", select: [{ aggFn: "avg", valueExpression: "d" }], fillNulls: false } },
  { name: "q", x: 0, y: 0, w: 1, h: 1, config: { configType: "sql", displayType: "table", connectionId: "c", sqlTemplate: "SELECT 1" } },
] };
export const search: StackSavedSearchArgs = { sourceId: "s", filters: [{ type: "sql_ast", operator: "=", left: "a", right: "b" }] };
`;

let service: ts.LanguageService;
beforeAll(() => {
  service = probeLanguageService(file, () => text);
});

function hover(word: string): { signature: string; docs: string } {
  const at = text.indexOf(word);
  expect(at, word).toBeGreaterThan(0);
  const info = service.getQuickInfoAtPosition(file, at);
  return { signature: ts.displayPartsToString(info?.displayParts), docs: ts.displayPartsToString(info?.documentation) };
}

describe("hover on nested fields (through the installed package's types)", () => {
  it("the program compiles", () => {
    const errors = [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map((d) =>
      ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    );
    expect(errors).toEqual([]);
  });

  it.each([
    ["managedTable", "managedTable?: Input<boolean | undefined>", "creates and owns"],
    ["columns", "columns?: Input<", "The only destination field that changes in place"],
    ["replicaCpuMillicores", "replicaCpuMillicores?: Input<number | undefined>", "Thousandths of a CPU core per replica"],
    ["consumerGroup", "consumerGroup?: Input<string | null | undefined>", "Consumer group"],
    // The order of a union's members in a hover follows the compiler's type ids, not the schema.
    ["authentication", ["authentication?: Input<", `"PLAIN"`, `"SCRAM-SHA-256"`, `"MUTUAL_TLS"`], "How the pipe authenticates"],
    ["key:", "key?: Input<string | undefined>", "Stable identity of the tile"],
    ["dataSource", "dataSource?: Input<string", "What is queried on a 2.0.0 server"],
    // Fields spread into each stack object from the stack target's declaration.
    ["organizationId", "organizationId?: Input<string | undefined>", "Organization of the cloud service"],
    // A tile config's fields, shared by several display types and by builder and raw SQL tiles.
    ['displayType: "line"', 'displayType: "line"', "Drawn as `line`"],
    ['sourceId: "s", select', "sourceId?: Input<string | undefined>", "The source queried"],
    ["valueExpression", "valueExpression?: Input<string | undefined>", "What is aggregated"],
    ["fillNulls", "fillNulls?: Input<boolean | undefined>", "Draw a time bucket without data as 0"],
    ["connectionId", "connectionId?: Input<string | undefined>", "The database connection the query runs on"],
    // The tag of one shape of a saved search's filters.
    ['type: "sql_ast"', 'type: "sql_ast"', "a comparison of two SQL expressions"],
  ] as [string, string | string[], string][])("%s", (word, signature, docs) => {
    const h = hover(word);
    for (const part of [signature].flat()) expect(h.signature).toContain(part);
    expect(h.signature).not.toMatch(/Input<undefined> \|/);
    expect(h.docs).toContain(docs);
  });
});
