/**
 * The field-rule vocabulary (`provider/schemas/field-rules.ts`): each word is the rule it names,
 * the same rule in every kind (a pipe's credentials and a webhook's headers are both
 * `writeOnlySecret`), and no policy file spells a rule's `change:` by hand beside it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { address, changed, filled, fixed, inPlace, instruction, replaced, serverDefault, writeOnly, writeOnlySecret } from "../../provider/schemas/field-rules";
import { put } from "../../provider/schemas/stack-target";
import { pipePolicy } from "../../provider/resources/pipe/policy";
import { stackWebhookPolicy } from "../../provider/resources/stack-webhook/policy";

const words: [string, unknown, object][] = [
  ["replaced", replaced, { change: "replace" }],
  ["inPlace", inPlace("put"), { change: "update", patch: "put" }],
  ["changed", changed, { change: "update" }],
  ["fixed", fixed, { change: "replace", serverDefault: true }],
  ["serverDefault", serverDefault(inPlace("pipe")), { change: "update", patch: "pipe", serverDefault: true }],
  ["filled", filled(put), { change: "update", patch: "put", filled: true }],
  ["writeOnly", writeOnly(replaced), { change: "replace", writeOnly: true }],
  ["instruction", instruction("none"), { change: "none", sent: "never", inputOnly: true }],
  ["address", address, { change: "replace", sent: "url", writeOnly: true }],
  ["writeOnlySecret", writeOnlySecret(put, "headers"), { change: "update", patch: "put", secret: "headers", writeOnly: true }],
];

describe("field rules", () => {
  it.each(words)("%s is its rule", (_name, rule, expected) => {
    expect(rule).toEqual(expected);
  });

  it("a pipe's credentials and a webhook's headers are the same rule, sent each by its kind's way (a map says it holds none as {})", () => {
    const { patch: pipePatch, ...credentials } = pipePolicy.source.fields.kafka.fields.credentials;
    const { patch: webhookPatch, noneHeld, ...headers } = stackWebhookPolicy.headers;
    expect([pipePatch, webhookPatch]).toEqual(["pipe", "put"]);
    expect(noneHeld).toEqual({});
    expect({ ...credentials, secret: "x" }).toEqual({ ...headers, secret: "x" });
  });
});

/** The files that declare a policy: every kind's `policy.ts` and `*-policy.ts`, and the shared pieces of `schemas/`. */
function policyFiles(): string[] {
  const root = path.resolve(__dirname, "..", "..", "provider");
  const kinds = fs.readdirSync(path.join(root, "resources"), { withFileTypes: true }).filter((d) => d.isDirectory());
  const inKinds = kinds.flatMap((d) =>
    fs
      .readdirSync(path.join(root, "resources", d.name))
      .filter((f) => f === "policy.ts" || f.endsWith("-policy.ts"))
      .map((f) => path.join(root, "resources", d.name, f)),
  );
  const shared = fs
    .readdirSync(path.join(root, "schemas"))
    .filter((f) => f.endsWith(".ts") && f !== "field-policy.ts" && f !== "field-rules.ts")
    .map((f) => path.join(root, "schemas", f));
  return [...inKinds, ...shared];
}

describe("every policy speaks the vocabulary", () => {
  it("finds the policy files", () => {
    expect(policyFiles().filter((f) => f.endsWith(`${path.sep}policy.ts`)).length).toBeGreaterThanOrEqual(6);
  });

  it.each(policyFiles().map((f) => [path.relative(path.resolve(__dirname, "..", ".."), f), f]))("%s writes no `change:` by hand", (_rel, file) => {
    const hand = fs
      .readFileSync(file, "utf8")
      .split("\n")
      .map((line, i) => [i + 1, line] as const)
      .filter(([, line]) => /\bchange:\s*"/.test(line));
    expect(hand.map(([n, line]) => `${n}: ${line.trim()}`)).toEqual([]);
  });
});
