import { describe, expect, it } from "vitest";
import { mergeSourceSecrets, secretStrings, splitSourceSecrets } from "../../provider/resources/pipe/secrets";
import { createBody, pipeOutputs } from "../../provider/resources/pipe/body";
import { sameCredential } from "../../provider/engine/fingerprint";
import { pipeRecord } from "../../provider/resources/pipe/record";

/** The outputs of an API answer, parsed as the engine parses it. */
const outputsOf = (api: unknown, carried: Record<string, any>) => pipeOutputs(pipeRecord.parse(api), carried as any);
import { fixtureSecrets, kafkaPipe, kinesisPipe, newKindPipes, objectStoragePipe, postgresPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";

const specs = {
  kafka: kafkaPipe(),
  objectStorage: objectStoragePipe(),
  kinesis: kinesisPipe(),
  postgres: postgresPipe(),
  ...Object.fromEntries(Object.entries(newKindPipes).map(([kind, make]) => [kind, make()])),
};

describe("secret separation", () => {
  it.each(Object.entries(specs))("%s: the readable source holds no secret, the secrets hold them all", (_k, spec) => {
    const { source, secrets } = splitSourceSecrets(spec.source);
    const readable = JSON.stringify(source);
    for (const s of fixtureSecrets) expect(readable).not.toContain(s);
    expect(secretStrings(secrets).some((s) => fixtureSecrets.includes(s))).toBe(true);
  });

  it.each(Object.entries(specs))("%s: merge puts them back where the API wants them", (_k, spec) => {
    const { source, secrets } = splitSourceSecrets(spec.source);
    expect(mergeSourceSecrets(source, secrets)).toEqual(spec.source);
  });

  it("schema-registry credentials and a connection string are secrets too", () => {
    const source = {
      kafka: { brokers: "b:1", topics: "t", schemaRegistry: { url: "https://r.example.test", credentials: { username: "u", password: "registry-pass" } } },
    };
    const split = splitSourceSecrets(source);
    expect(JSON.stringify(split.source)).not.toContain("registry-pass");
    expect(split.secrets).toEqual({ schemaRegistryCredentials: { username: "u", password: "registry-pass" } });
    const os = splitSourceSecrets({ objectStorage: { url: "u", connectionString: "AccountKey=abc123" } });
    expect(os.secrets).toEqual({ connectionString: "AccountKey=abc123" });
    expect(os.source).toEqual({ objectStorage: { url: "u" } });
  });

  it("the create body carries the secrets; the outputs' source does not", () => {
    const inputs = engineInputs(kafkaPipe());
    const body = createBody(inputs as any);
    expect(JSON.stringify(body)).toContain("kafka-password-plain-1234");
    expect(body).not.toHaveProperty("sourceSecrets");
    expect(body).not.toHaveProperty("organizationId");
    const outs = outputsOf({ id: "p", source: { kafka: { brokers: "b", topics: "t" } } }, inputs);
    expect(JSON.stringify(outs)).not.toContain("kafka-password-plain-1234");
    expect(sameCredential(outs.sourceSecrets, inputs.sourceSecrets)).toBe(true);
  });

  it("a connection string the API returns moves out of the source into the secrets", () => {
    const outs = outputsOf({ id: "p", source: { objectStorage: { url: "u", connectionString: "AccountKey=live" } } }, {});
    expect(outs.source).toEqual({ objectStorage: { url: "u" } });
    expect(JSON.stringify(outs)).not.toContain("AccountKey=live");
    expect(sameCredential(outs.sourceSecrets, { connectionString: "AccountKey=live" })).toBe(true);
  });

  it("write-only fields are kept from the inputs", () => {
    const inputs = engineInputs({ ...kafkaPipe(), source: { ...kafkaPipe().source, validateSamples: true } });
    const outs = outputsOf({ id: "p", source: { kafka: { brokers: "b" } }, destination: { database: "default", table: "t" } }, inputs);
    expect((outs.destination as any).roles).toEqual(["ingest_role"]);
    expect((outs.source as any).validateSamples).toBe(true);
  });
});
