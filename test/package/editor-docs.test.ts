/**
 * What an editor shows on hover over nested argument fields, asked of TypeScript's language
 * service as editors ask it: the field's doc comment from the schema, and its type as one Input
 * (`Input<boolean | undefined>`, not `Input<undefined> | Input<false> | Input<true>`). The
 * program imports the package by name and its named nested types, as users write them. The
 * language service runs in a worker thread (`inWorker`): its program build is one synchronous
 * stretch that would block this test worker past vitest's RPC timeout under load (issue 46).
 */
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Hover, hoverAnswers } from "../support/hover-answers";
import { inWorker } from "../support/in-worker";

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

/** Each hovered word (its first occurrence in the probe), what it shows, and the docs it must hold. */
const CASES: [string, string | string[], string][] = [
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
];

let answers: ReturnType<typeof hoverAnswers>;
beforeAll(async () => {
  const positions = CASES.map(([word]) => text.indexOf(word));
  answers = await inWorker<ReturnType<typeof hoverAnswers>>(path.join(root, "test", "support", "hover-answers.ts"), "hoverAnswers", file, text, positions);
}, 600_000);

function hover(word: string): Hover {
  const i = CASES.findIndex(([w]) => w === word);
  expect(text.indexOf(word), word).toBeGreaterThan(0);
  return answers.hovers[i];
}

describe("hover on nested fields (through the installed package's types)", () => {
  it("the program compiles", () => {
    expect(answers.errors).toEqual([]);
  });

  it.each(CASES)("%s", (word, signature, docs) => {
    const h = hover(word);
    for (const part of [signature].flat()) expect(h.signature).toContain(part);
    expect(h.signature).not.toMatch(/Input<undefined> \|/);
    expect(h.docs).toContain(docs);
  });
});
