/**
 * One emulator of each stack server generation for a test file, and the `[version, kind]` case
 * of a `describe` on them. No assertions live here.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Emulator } from "../../emulator";
import { startTestEmulator } from "./emulator";
import { fixturesOn, type STACK_VERSIONS, type TargetKind } from "./stack-targets";

/** The two emulators of {@link startGenerations}. */
export interface Generations {
  current: Emulator;
  first: Emulator;
}

/**
 * One emulator of each server generation for the test file: `current` answers as a current
 * server (2.36.0), `first` in the contract's form (2.0.0). Started before the file's tests,
 * closed after them; read the fields inside tests and hooks.
 */
export function startGenerations(): Generations {
  const both = {} as Generations;
  beforeAll(async () => {
    [both.current, both.first] = await Promise.all([startTestEmulator({ stackApiVersion: "2.36.0" }), startTestEmulator({ stackApiVersion: "2.0.0" })]);
  });
  afterAll(async () => {
    await Promise.all([both.current?.close(), both.first?.close()]);
  });
  return both;
}

/** The emulator of `both` that answers as `version`. */
export function emulatorOf(both: Generations, version: (typeof STACK_VERSIONS)[number]): Emulator {
  return version === "2.0.0" ? both.first : both.current;
}

/**
 * One `[version, kind]` case of a `describe`: before each test, the emulator of that generation
 * (its stores and scripted faults reset when `reset` is set), and fixtures valid on its stack
 * (see {@link fixturesOn}), read at call time. Call `emulator()` inside tests and hooks.
 */
export function stackCase(both: Generations, version: (typeof STACK_VERSIONS)[number], kind: TargetKind, options: { reset?: boolean } = {}) {
  let emulator: Emulator | undefined;
  beforeEach(() => {
    emulator = emulatorOf(both, version);
    if (!options.reset) return;
    emulator.control.reset();
    emulator.control.clearScripts();
  });
  const fx = () => fixturesOn(emulator!, kind);
  return {
    emulator: () => emulator!,
    series: (over: Record<string, unknown> = {}) => fx().series(over),
    tile: (name: string, over: Record<string, unknown> = {}) => fx().tile(name, over),
    dashboardInputs: (over: Record<string, unknown> = {}) => fx().dashboardInputs(over),
    alertInputs: (over: Record<string, unknown> = {}) => fx().alertInputs(over),
  };
}
