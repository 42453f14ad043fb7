/**
 * The Go face of stack-from-nothing.test.ts (issue 41): examples/stack-from-nothing in Go on the
 * generated Go SDK (test/e2e/go/stack_from_nothing.go), run through the Go Automation API as an
 * inline program (no Go language host here), on a fresh emulator of the current server. A
 * connection, a log source on it, a saved search and a dashboard tile on that source, an alert on
 * the search and the webhook it notifies: `up`, a preview with no change, a password rotation that
 * is one in-place update of the connection alone (the server then holds the new password), a
 * preview with no change after it, and a `destroy` that leaves nothing; both passwords, in every
 * encoding, in no output, engine event, state or config file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawJson } from "../support/raw-api";
import { storedObjects } from "../support/stored";
import { AutomationStack, type StepCommand, type StepResult } from "./automation-stack";
import { buildGoProgram } from "./go-program";
import { builtSdks } from "./sdks-build";

const FIRST = 'go-db-pass-1-7c2e"q/+ z';
const SECOND = 'go-db-pass-2-7c2e"q/+ z';
/** The program's resources, and the stack. */
const RESOURCES = 7;

describe("Go face (Automation API on the Go SDK): a stack from nothing", () => {
  let s: AutomationStack;
  let program: StepCommand;
  const step: Record<string, StepResult> = {};
  let made = 0;
  let listed: string[] = [];
  /** Whether the server holds each password after the rotation. */
  let holds: Record<string, boolean> = {};
  let left = -1;

  beforeAll(async () => {
    s = await AutomationStack.open({ dbPassword: FIRST });
    const sdks = await s.timed("sdk", () => builtSdks());
    const bin = await s.timed("go build", () => buildGoProgram(sdks, s.tmp));
    program = { argv: [bin], env: { PIPESTACK_E2E_PROGRAM: "stack-from-nothing" } };
    step.up = await s.step(program, ["up"]);
    made = storedObjects(s.emulator);
    listed = ((await rawJson(s.emulator, "stack-server", "GET", "/sources")) as { id: string }[]).map((x) => x.id);
    step.same = await s.step(program, ["preview"]);
    s.setConfig("dbPassword", SECOND, true);
    step.rotation = await s.step(program, ["preview"]);
    step.rotated = await s.step(program, ["up"]);
    const connectionId = String(step.up.outputs?.connectionId);
    holds = { first: s.emulator.control.connectionPasswordIs(connectionId, FIRST), second: s.emulator.control.connectionPasswordIs(connectionId, SECOND) };
    step.after = await s.step(program, ["preview"]);
    step.destroy = await s.step(program, ["destroy"]);
    left = storedObjects(s.emulator);
  }, 900_000);

  afterAll(async () => {
    console.log(`go-stack-from-nothing: seconds ${JSON.stringify(s?.seconds)}`);
    await s?.close();
  });

  /** The steps of a preview that change something, as [resource name, op]. */
  const changes = (r: StepResult) => (r.steps ?? []).filter((x) => x.op !== "same").map((x) => [x.urn.split("::").pop(), x.op]);

  it("up makes every object of the program, the source listed by the server", () => {
    expect(step.up.summary).toEqual({ create: RESOURCES });
    expect(made).toBeGreaterThanOrEqual(RESOURCES - 1);
    expect(listed).toContain(step.up.outputs?.sourceId);
    expect(step.up.outputs?.passwordFingerprint).toBe("[secret]");
  });

  it("previews no change after up", () => {
    expect(step.same.summary).toEqual({ same: RESOURCES });
    expect(changes(step.same)).toEqual([]);
  });

  it("rotating the password is one in-place update of the connection alone, and the server holds the new one", () => {
    expect(changes(step.rotation)).toEqual([["analytics-db", "update"]]);
    expect(step.rotated.summary).toEqual({ update: 1, same: RESOURCES - 1 });
    expect(holds).toEqual({ first: false, second: true });
    expect(step.after.summary).toEqual({ same: RESOURCES });
  });

  it("destroy leaves nothing", () => {
    expect(step.destroy.summary).toEqual({ delete: RESOURCES });
    expect(left).toBe(0);
  });

  it("shows neither password in any output, engine event, state or config file", () => {
    for (const { secret, forms } of s.secretForms([FIRST])) {
      for (const [where, text] of Object.entries(s.texts())) {
        const found = forms.find((f) => text.includes(f));
        expect(found, `${where} holds ${secret.slice(0, 4)}… as ${JSON.stringify(found)}`).toBeUndefined();
      }
    }
  });
});
