import { readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { DEVIATIONS, type Deviation } from "../../emulator/deviations";
import { OPTION_NAMES, QUIRK_NAMES } from "../../emulator/options";
import { documentedSpec } from "../fuzz/documented-spec";

const root = path.resolve(__dirname, "..", "..");
const reference = JSON.parse(readFileSync(path.join(root, "emulator", "spec", "cloud-api.openapi.json"), "utf8"));
const entries = Object.entries(DEVIATIONS) as Array<[string, Deviation]>;
const targets = {
  organizationId: "00000000-0000-4000-8000-000000000001",
  serviceId: "00000000-0000-4000-8000-000000000002",
  keep: { pipeId: ["k1", "k2"], reversePrivateEndpointId: ["e1"] },
  delete: { pipeId: ["d1"], reversePrivateEndpointId: ["e2"] },
};

describe("the list of deviations", () => {
  it("gives every entry what and why", () => {
    for (const [name, deviation] of entries) {
      expect(deviation.what.length, name).toBeGreaterThan(20);
      expect(deviation.reason.length, name).toBeGreaterThan(20);
    }
  });

  it.each(QUIRK_NAMES)("has one entry for the quirk %s", (quirk) => {
    expect(entries.filter(([, d]) => d.quirk === quirk).map(([name]) => name)).toHaveLength(1);
  });
});

describe("the fuzz stage's document", () => {
  // A JSON document read by path: the shape is the spec's, not a type of ours.
  const doc = documentedSpec(reference, targets) as { components: { schemas: Record<string, any> }; paths: Record<string, any> };
  const schemas = doc.components.schemas;

  it("widens responses only: requests are generated from the reference as published", () => {
    expect(schemas.PipeScaling).toEqual(reference.components.schemas.PipeScaling);
    expect(JSON.stringify(schemas.PipeScalingRead.properties.replicaCpuMillicores)).toContain("^[0-9]+m$");
    expect(
      doc.paths["/v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}"].get.responses["200"].content["application/json"].schema.properties
        .result.$ref,
    ).toBe("#/components/schemas/PipeRead");
  });

  it("adds the error statuses the notes describe to every operation", () => {
    const post = doc.paths["/v1/organizations/{organizationId}/services/{serviceId}/pipes"].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "404", "409", "424", "500"]));
  });

  it("pins path ids to the targets, DELETE to its own pool", () => {
    const item = doc.paths["/v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}"];
    const pipeId = (op: { parameters: Array<{ name: string; schema: unknown }> }) => op.parameters.find((p) => p.name === "pipeId")?.schema;
    expect(pipeId(item.get)).toEqual({ type: "string", enum: ["k1", "k2"] });
    expect(pipeId(item.delete)).toEqual({ type: "string", enum: ["d1"] });
  });
});

describe("the emulator README", () => {
  const readme = readFileSync(path.join(root, "emulator", "README.md"), "utf8");
  it("documents every option and points to the one list of deviations", () => {
    for (const name of OPTION_NAMES) expect(readme, name).toContain(`\`${name}\``);
    expect(readme).toContain("deviations.ts");
  });
});
