/**
 * Credentials in the output forms CI bots log: `pulumi up --json` (the engine's events, every
 * debug line included, without `--debug`) and `pulumi preview --debug`.
 *
 * A credential read from secret config (`requireSecret`) appears nowhere: the CLI blanks secret
 * config values in every line. A credential written in the program as a plain string is a secret
 * in every engine event (`[secret]`), and appears only inside the Pulumi SDK's own debug line
 * "RegisterResource RPC finished ... resp:", which prints the resource's outputs with secret
 * values unwrapped: the classes already register it as a secret (a secret's value travels in
 * that reply whatever marks it), so no class-side marking can keep it out. The README's Security
 * section says so; this test fails if the plaintext shows up anywhere else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

const PLAIN = "plain-kafka-password-3391";
const FROM_CONFIG = "config-kafka-password-5120";
const SDK_REPLY = "RegisterResource RPC finished";

describe("credentials in up --json and preview --debug output", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    stack = await E2EStack.open({ program: "test/e2e/programs/plain-secrets", secretConfig: { kafkaPassword: FROM_CONFIG } });
  }, 120_000);
  afterAll(() => stack?.close());

  it("a secret-config credential never; a plain-string one only inside the SDK's RegisterResource reply", async () => {
    const up = await stack.must(["up", "--yes", "--skip-preview", "--json"]);
    const preview = await stack.must(["preview", "--debug"]);
    expect(stack.pipes(), "both pipes were created with their credentials").toHaveLength(2);
    for (const [form, text] of [
      ["up --json", up.stdout + up.stderr],
      ["preview --debug", preview.stdout + preview.stderr],
    ] as const) {
      expect(text.includes(SDK_REPLY), `${form} carries the SDK's reply lines`).toBe(true);
      expect(text.includes(FROM_CONFIG), `${form} prints the secret-config credential`).toBe(false);
      // `up --json` has one event per line; `preview --debug` prints each reply as one message
      // that may wrap: a line holding the plaintext must belong to a reply (or continue one).
      const messages = form === "up --json" ? text.split("\n") : text.split(/\n(?=\S)/);
      const leaking = messages.filter((m) => m.includes(PLAIN));
      expect(leaking.length, `${form}: the plain-string credential is in the SDK's reply`).toBeGreaterThan(0);
      expect(
        leaking.filter((m) => !m.includes(SDK_REPLY)).map((m) => m.slice(0, 200)),
        `${form}: nowhere else`,
      ).toEqual([]);
    }
    const state = await stack.exportState();
    expect(state.text.includes(PLAIN) || state.text.includes(FROM_CONFIG), "state holds no plaintext").toBe(false);
  }, 240_000);
});
