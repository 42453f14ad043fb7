import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { splitSecretsInput } from "../../provider/resource-class/split-secrets";
import { secretLocations } from "../../provider/resources/pipe/secrets";

/** A pipe source split as the resource class splits it (register.ts: the policy's secret locations). */
function splitSourceInput(source: unknown) {
  const split = splitSecretsInput(source, secretLocations);
  return { source: split.rest, secrets: split.secrets };
}

/** The value of an Output (outside a preview every apply runs). */
const valueOf = <T>(o: pulumi.Input<T>): Promise<T> => new Promise((resolve) => pulumi.output(o).apply((v) => resolve(v as T)));

describe("splitSourceInput (program side)", () => {
  it("moves credentials out and leaves the other nested Inputs as they were", async () => {
    const brokers = pulumi.output("b-1:9092");
    const password = pulumi.secret("split-source-password-1");
    const split = splitSourceInput({ kafka: { brokers, topics: "t", credentials: { username: "u", password } } });
    const kafka = (split.source as any).kafka;
    expect(kafka.brokers, "an Output off the path is passed through, not resolved").toBe(brokers);
    expect(kafka).not.toHaveProperty("credentials");
    expect(await valueOf(split.secrets)).toEqual({ credentials: { username: "u", password: "split-source-password-1" } });
    expect(await pulumi.isSecret(split.secrets), "secretness travels with the secrets").toBe(true);
  });

  it("splits schema-registry credentials, access keys and connection strings", async () => {
    const kafka = splitSourceInput({
      kafka: { brokers: "b", topics: "t", schemaRegistry: { url: "https://r", credentials: { username: "u", password: "p" } } },
    });
    expect((kafka.source as any).kafka.schemaRegistry).toEqual({ url: "https://r" });
    expect(await valueOf(kafka.secrets)).toEqual({ schemaRegistryCredentials: { username: "u", password: "p" } });
    const os = splitSourceInput({ objectStorage: { url: "u", accessKey: { accessKeyId: "a", secretKey: "s" }, connectionString: "AccountKey=k" } });
    expect(os.source).toEqual({ objectStorage: { url: "u" } });
    expect(await valueOf(os.secrets)).toEqual({ accessKey: { accessKeyId: "a", secretKey: "s" }, connectionString: "AccountKey=k" });
  });

  it("a source given as one Output is split with an apply that keeps its secretness on both halves", async () => {
    const whole = pulumi.secret({ kinesis: { streamName: "s", region: "r", accessKey: { accessKeyId: "a", secretKey: "k" } } });
    const split = splitSourceInput(whole);
    expect(await valueOf(split.source as pulumi.Output<unknown>)).toEqual({ kinesis: { streamName: "s", region: "r" } });
    expect(await pulumi.isSecret(split.source as pulumi.Output<unknown>)).toBe(true);
    expect(await valueOf(split.secrets)).toEqual({ accessKey: { accessKeyId: "a", secretKey: "k" } });
  });

  it("a kind given as an Output inside a plain source is split at that level", async () => {
    const split = splitSourceInput({
      postgres: pulumi.output({ host: "h", port: 5432, credentials: { username: "u", password: "p" } }),
      validateSamples: true,
    });
    expect((split.source as any).validateSamples).toBe(true);
    expect(await valueOf((split.source as any).postgres)).toEqual({ host: "h", port: 5432 });
    expect(await valueOf(split.secrets)).toEqual({ credentials: { username: "u", password: "p" } });
  });

  it("nulls and missing kinds carry no secret", async () => {
    const split = splitSourceInput({ kafka: { brokers: "b", topics: "t", credentials: null }, postgres: null });
    expect(split.source).toEqual({ kafka: { brokers: "b", topics: "t" }, postgres: null });
    expect(await valueOf(split.secrets)).toEqual({});
    expect(await valueOf(splitSourceInput(undefined).secrets)).toEqual({});
  });
});
