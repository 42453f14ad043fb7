/**
 * The life of one example under the real CLI, shared by the per-example test files (one file per
 * example, so vitest runs two at once): up, no perpetual diff, an in-place change, a
 * replacement, drift found by refresh, a deletion found by refresh and re-created by up, destroy.
 * After every step: no secret in plaintext in what the CLI printed or in the exported state.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSerializedProviders, E2EStack, expectCiphertext, resourcesOf, type PreviewStep, type StackOptions } from "./harness";

export const STEP_TIMEOUT = 300_000;

/** A managed object the example creates, as the emulator holds it. */
export interface Managed {
  /** Resource name in the program. */
  name: string;
  /** `pipestack:Pipe`, `pipestack:StackDashboard`, `pipestack:StackAlert`. */
  type: string;
}

export interface ConfigChange {
  /** Stack config to set (project namespace, or `ns:key`). */
  set: Record<string, string>;
  /** Secret stack config to set. */
  setSecret?: Record<string, string>;
  /** The resource that changes. */
  resource: string;
  /** For a replacement: paths the provider names as the reason. */
  reasons?: string[];
  /** What the emulator must hold once applied. */
  applied(stack: E2EStack, ids: Record<string, string>): void | Promise<void>;
}

export interface ExampleCase extends StackOptions {
  resources: Managed[];
  /** Top-level input properties that hold secrets (ciphertext in state). */
  secretProperties?: Record<string, string[]>;
  inPlace: ConfigChange;
  replace: ConfigChange;
  /** Changes a resource directly on the emulator; returns what refresh must bring into state. */
  drift(stack: E2EStack, ids: Record<string, string>): Promise<{ resource: string; property: string; value: unknown }>;
  /** Deletes a resource directly on the emulator and waits until it is gone. */
  remove(stack: E2EStack, ids: Record<string, string>): Promise<string>;
  /** How many objects the emulator holds now. */
  count(stack: E2EStack): number;
}

/** Resource ids by name, from an export. */
export function idsOf(resources: { urn: string; id?: string; type: string }[]): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const r of resources) if (r.type.startsWith("pulumi-nodejs:dynamic/pipestack:")) ids[r.urn.split("::").pop()!] = r.id!;
  return ids;
}

/** Waits until `done` holds, polling every 20 ms (the emulator's lifecycle steps are short). */
export async function until(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function setAll(stack: E2EStack, change: ConfigChange): Promise<void> {
  for (const [k, v] of Object.entries(change.set)) await stack.setConfig(k, v);
  for (const [k, v] of Object.entries(change.setSecret ?? {})) await stack.setConfig(k, v, true);
}

/** Prints what a preview step says about a change, for the record (see the e2e notes). */
function record(label: string, step: PreviewStep & { ops?: string[] }): void {
  const { op, ops, diffReasons, replaceReasons, detailedDiff } = step;
  console.log(`[e2e] ${label}: ${JSON.stringify({ op, ops, diffReasons, replaceReasons, detailedDiff })}`);
}

/**
 * The whole flow of one example. `prepare` runs once the stack and its emulator exist, for a
 * case that needs their addresses.
 */
export function describeExample(title: string, c: ExampleCase, prepare?: (stack: E2EStack, c: ExampleCase) => void): void {
  describe(`example ${title}`, () => {
    let stack: E2EStack;
    let ids: Record<string, string> = {};

    beforeAll(async () => {
      stack = await E2EStack.open(c);
      prepare?.(stack, c);
    }, STEP_TIMEOUT);
    afterAll(async () => {
      await stack?.close();
    });

    /** After every step: no plaintext secret anywhere; secret inputs are ciphertext. */
    async function checkSecrets(): Promise<void> {
      const exported = await stack.assertNoPlaintextSecrets();
      for (const [type, props] of Object.entries(c.secretProperties ?? {})) {
        for (const r of resourcesOf(exported.resources, type)) {
          for (const p of props) {
            expectCiphertext(r.inputs?.[p], `${r.urn} inputs.${p}`);
            expectCiphertext(r.outputs?.[p], `${r.urn} outputs.${p}`);
          }
        }
      }
      ids = idsOf(exported.resources);
    }

    it(
      "up creates everything; a second preview shows no changes",
      async () => {
        await stack.up();
        expect(c.count(stack)).toBe(c.resources.length);
        await checkSecrets();
        for (const m of c.resources) expect(ids[m.name], `${m.name} is in state`).toBeTruthy();
        const exported = await stack.exportState();
        const sizes = checkSerializedProviders(exported.resources, stack.secretValues);
        console.log(`[e2e] ${title}: __provider bytes ${JSON.stringify(sizes)}`);
        await stack.expectNoChanges();
        await checkSecrets();
      },
      STEP_TIMEOUT,
    );

    it(
      "a change that updates in place previews as an update and applies",
      async () => {
        await setAll(stack, c.inPlace);
        const steps = await stack.previewJson();
        const step = steps[c.inPlace.resource];
        record(`${title} in-place`, step);
        expect(step.op).toBe("update");
        // `preview --json` lists no step for a resource that stays the same.
        for (const m of c.resources) if (m.name !== c.inPlace.resource) expect(steps[m.name]?.op ?? "same", m.name).toBe("same");
        const before = { ...ids };
        await stack.up();
        await checkSecrets();
        expect(ids[c.inPlace.resource], "an update keeps the id").toBe(before[c.inPlace.resource]);
        await c.inPlace.applied(stack, ids);
        await stack.expectNoChanges();
      },
      STEP_TIMEOUT,
    );

    it(
      "a change that replaces previews as a replacement and applies",
      async () => {
        await setAll(stack, c.replace);
        const steps = await stack.previewJson();
        const step = steps[c.replace.resource];
        record(`${title} replace`, step);
        expect(step.op).toBe("replace");
        for (const reason of c.replace.reasons ?? []) expect(step.replaceReasons).toContain(reason);
        const before = { ...ids };
        await stack.up();
        await checkSecrets();
        expect(ids[c.replace.resource], "a replacement has a new id").not.toBe(before[c.replace.resource]);
        expect(c.count(stack)).toBe(c.resources.length);
        await c.replace.applied(stack, ids);
      },
      STEP_TIMEOUT,
    );

    it(
      "refresh finds a change made on the emulator; preview shows the update that restores it",
      async () => {
        const drift = await c.drift(stack, ids);
        const run = await stack.refresh();
        expect(run.stdout).toMatch(/~ 1 updated|1 updated/);
        const exported = await stack.exportState();
        const r = exported.resources.find((x) => x.urn.endsWith(`::${drift.resource}`))!;
        expect(r.outputs?.[drift.property]).toEqual(drift.value);
        const steps = await stack.previewJson();
        record(`${title} restore after drift`, steps[drift.resource]);
        expect(steps[drift.resource].op).toBe("update");
        await checkSecrets();
      },
      STEP_TIMEOUT,
    );

    it(
      "refresh drops a resource deleted on the emulator; up creates it again",
      async () => {
        const gone = await c.remove(stack, ids);
        expect(c.count(stack)).toBe(c.resources.length - 1);
        await stack.refresh();
        const exported = await stack.exportState();
        expect(
          exported.resources.some((x) => x.urn.endsWith(`::${gone}`)),
          `${gone} left the state`,
        ).toBe(false);
        await stack.up();
        expect(c.count(stack)).toBe(c.resources.length);
        await checkSecrets();
      },
      STEP_TIMEOUT,
    );

    it(
      "destroy leaves the emulator empty",
      async () => {
        await stack.destroy();
        expect(stack.storedObjects()).toBe(0);
        const exported = await stack.assertNoPlaintextSecrets();
        expect(exported.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/"))).toEqual([]);
        const commands = stack.runs.map((r) => `${r.args[0]} ${(r.ms / 1000).toFixed(1)}s`).join(", ");
        console.log(`[e2e] ${title}: ${stack.runs.length} CLI commands: ${commands}`);
      },
      STEP_TIMEOUT,
    );
  });
}
