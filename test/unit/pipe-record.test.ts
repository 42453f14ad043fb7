import { describe, expect, it } from "vitest";
import { parsed } from "../../provider/engine/parse-answer";
import { pipeRecord } from "../../provider/resources/pipe/record";

describe("the pipe API answer is parsed by a schema", () => {
  it("into the program's forms: quantities as numbers (0 as not known yet), engine type without ()", () => {
    const pipe = parsed(
      pipeRecord,
      {
        id: "p1",
        scaling: { replicas: 0, replicaCpuMillicores: "250m", replicaMemoryGb: "512Mi", concurrency: 2 },
        destination: { database: "d", tableDefinition: { engine: { type: "MergeTree()" } } },
        extra: "kept",
      },
      "GET pipes/p1",
    );
    expect(pipe.scaling).toEqual({ replicas: undefined, replicaCpuMillicores: 250, replicaMemoryGb: 0.5, concurrency: 2 });
    expect(pipe.destination?.tableDefinition?.engine?.type).toBe("MergeTree");
    expect(pipe).toMatchObject({ extra: "kept" });
  });

  it.each([
    [{ name: "p" }, "id: Required"],
    [{ id: "p1", state: 3 }, "state: Expected string, received number"],
    [{ id: "p1", scaling: { concurrency: "two" } }, "scaling.concurrency: Expected number, received string"],
    [{ id: "p1", fieldMappings: [{ sourceField: "a" }, 7] }, "fieldMappings[1]: Expected object, received number"],
  ])("an answer that does not fit is an error naming the field: %j", (answer, field) => {
    expect(() => parsed(pipeRecord, answer, "GET pipes/p1")).toThrow(`GET pipes/p1: unexpected answer from the API (${field})`);
  });
});
