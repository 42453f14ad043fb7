/**
 * What pipestack-from-terraform refuses before it writes anything (provider/from-terraform/validate.ts),
 * and how it prints a state's values: one object at two addresses, import ids in no form
 * `pulumi import` takes, control characters in addresses, ids and service ids.
 */
import { describe, expect, it } from "vitest";
import { convert } from "../../provider/from-terraform/convert";
import { summaryText } from "../../provider/from-terraform/summary";
import { readTerraformState } from "../../provider/from-terraform/read";
import { checkHandovers, importIdProblem } from "../../provider/from-terraform/validate";
import { TF_SERVICE, tfPipe, tfState } from "../support/terraform-state-fixtures";

const handovers = (text: string) => convert(readTerraformState(text)).handovers;

/** What a terminal acts on. */
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

describe("one object at two addresses", () => {
  it("is refused, both addresses named", () => {
    const h = handovers(
      tfState([
        { name: "a", attributes: tfPipe("p-1") },
        { name: "b", attributes: tfPipe("p-1") },
      ]),
    );
    expect(() => checkHandovers(h)).toThrow(
      /names one pipe \("p-1"\) at two addresses, "example_pipe\.a" and "example_pipe\.b": imported twice it would be two Pulumi resources owning one object/,
    );
  });

  it("is refused when one address carries the service in its id and the other in service_id", () => {
    const h = handovers(
      tfState([
        { name: "a", attributes: tfPipe("p-1") },
        { name: "b", attributes: tfPipe(`${TF_SERVICE}/p-1`, { service_id: null }) },
      ]),
    );
    expect(() => checkHandovers(h)).toThrow(/at two addresses, "example_pipe\.a" and "example_pipe\.b"/);
  });

  it("two objects, two addresses: taken", () => {
    expect(() =>
      checkHandovers(
        handovers(
          tfState([
            { name: "a", attributes: tfPipe("p-1") },
            { name: "b", attributes: tfPipe("p-2") },
          ]),
        ),
      ),
    ).not.toThrow();
  });
});

describe("import ids", () => {
  it.each([
    ["p-1", undefined],
    ["svc:p-1", undefined],
    ["org:svc:p-1", undefined],
    ["a:b:c:d", "it has 4 parts"],
    ["p-1\nsvc", '"p-1\\nsvc" is not an id'],
    ["svc:p 1", '"p 1" is not an id'],
    ["svc::p-1", "a part is empty"],
    ["a/b/c/d", '"a/b/c/d" is not an id'],
  ])("%j: %s", (id, problem) => {
    expect(importIdProblem(id)).toBe(problem);
  });

  it.each([
    ["an id of 4 parts", tfPipe("o/s/x/p-1", { service_id: null }), /with id "o\/s\/x\/p-1", which no import takes \(".*" is not an id\)/],
    ["an id with a line break", tfPipe("p-1\n-2"), /which no import takes/],
    ["a service_id with an escape sequence", tfPipe("p-1", { service_id: "svc\u001b]0;pwned\u0007" }), /which no import takes/],
  ])("%s is refused before anything is written, the address named", (_what, attributes, message) => {
    const h = handovers(tfState([{ name: "odd", attributes }]));
    expect(() => checkHandovers(h)).toThrow(message);
    try {
      checkHandovers(h);
    } catch (err) {
      expect((err as Error).message).toContain('"example_pipe.odd"');
      expect((err as Error).message).not.toMatch(ACTIVE);
    }
  });
});

describe("printed values", () => {
  it("addresses, names and service ids from the state reach the summary with their control characters escaped", () => {
    const text = tfState([
      { name: "p", module: 'module.m["\\u001b]0;pwned\\u0007"]', key: "eu\u001b[2J\u2028x", attributes: tfPipe("p-1", { service_id: "svc\u009b31m" }) },
    ]);
    const conversion = convert(readTerraformState(text));
    const notes = summaryText(conversion, "state\u001b[2J.json");
    expect(notes.replaceAll("\n", "")).not.toMatch(ACTIVE);
    expect(notes).toContain(String.raw`'module.m["\u001b]0;pwned\u0007"].example_pipe.p'`);
    expect(notes).toContain("svc\\x9b31m");
    expect(notes).toContain("of state\\x1b[2J.json to import");
  });
});
