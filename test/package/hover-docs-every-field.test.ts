/**
 * Every field of every args type the package exports (`PipeArgs`, `StackDashboardArgs`, ...,
 * `GetStackSourcesArgs`, and each object type nested in them) shows a doc comment on hover,
 * asked of TypeScript's language service as an editor asks it: a probe file imports the package
 * by name (its dist/ types), writes each field as an object-literal key, and
 * `getQuickInfoAtPosition` hovers it. A field without a doc fails here, by its path.
 *
 * A field of a union of shapes (a tile `config` of each display type, a saved search's filter)
 * is probed in every shape that has it, written as a program writes it: beside that shape's
 * tags (`displayType: "line"`), without which no editor can tell which shape is meant.
 *
 * The probe runs in a worker thread (test/support/every-field-probe.ts through `inWorker`): the
 * type checker's walk and the language service's program build are one synchronous stretch that
 * would block this test worker past vitest's RPC timeout under load (issue 46).
 */
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { everyFieldHover, Probed } from "../support/every-field-probe";
import { inWorker } from "../support/in-worker";
import { registry } from "../../provider/registry";

const root = path.resolve(__dirname, "..", "..");
const file = path.join(root, "examples", "__hover-every-field.ts");
const start = `import type * as P from "pulumi-pipestack";\nexport type Probe = P.PipeArgs;\n`;

describe("hover docs on every field of every args type", () => {
  let probed: Probed[] = [];
  let hovers: ReturnType<typeof everyFieldHover>["hovers"] = [];
  let missing: string[] = [];
  beforeAll(async () => {
    const probe = await inWorker<ReturnType<typeof everyFieldHover>>(
      path.join(root, "test", "support", "every-field-probe.ts"),
      "everyFieldHover",
      file,
      start,
    );
    probed = probe.probed;
    hovers = probe.hovers;
    missing = [...new Set(probed.filter((_f, i) => !hovers[i].documented).map((f) => f.name))];
  }, 900_000);

  it("each probe hovers its own field", () => {
    const astray = probed.filter((f, i) => !hovers[i].signature.includes(f.path[f.path.length - 1].key)).map((f) => f.name);
    expect(astray).toEqual([]);
  });

  it("probes the fields of every args type (every registered resource's, the functions', their nested types)", () => {
    const args = new Set(probed.map((f) => f.args));
    for (const name of [...registry.map((d) => `${d.type}Args`), "GetStackSourcesArgs"]) {
      expect(args, name).toContain(name);
    }
    expect(probed.length).toBeGreaterThan(150);
  });

  it("probes a union's field in every shape that has it, each with its tags", () => {
    const shapes = probed.filter((f) => f.name === "StackTileConfigArgs.sourceId").map((f) => JSON.stringify(f.path[0].tags));
    expect(shapes).toContain(JSON.stringify([["displayType", "line"]]));
    expect(shapes).toContain(JSON.stringify([["displayType", "search"]]));
    expect(new Set(shapes).size).toBe(9);
  });

  it("every field has a doc comment", () => {
    expect(missing).toEqual([]);
  });

  it.each([
    "PipeArgs.source.kafka.format",
    "PipeArgs.source.kafka.offset",
    "PipeArgs.fieldMappings[]",
    "PipeArgs.scaling",
    "PipeArgs.settings.streaming_max_insert_wait_ms",
    "PipeArgs.source.postgres.settings.replicationMode",
    "PipeArgs.source.postgres.tableMappings[]",
    "PipeArgs.source.mysql.settings.syncIntervalSeconds",
    "GetReversePrivateEndpointsArgs.status",
    "PipeArgs.connection.apiUrl",
  ])("%s (reported without a hover doc) has one", (field) => {
    expect(
      probed.some((f) => f.name === field),
      field,
    ).toBe(true);
    expect(missing).not.toContain(field);
  });
});
