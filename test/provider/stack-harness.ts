/**
 * Drives the stack providers as the engine does (check, then create or diff + update) against an
 * emulator over HTTP, on either target. No assertions live here.
 */
import { EXISTING } from "../support/engines";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Emulator, EmulatorOptions } from "../../emulator/index";
import type { StackApiVersion } from "../../emulator/stack/generation";
import { configureWith } from "../support/engine";
import { fixturesFor } from "../support/stack-fixtures";
import { storedStack } from "../support/stored";
import { KEY_SECRET, STACK_TOKEN, startTestEmulator } from "../support/emulator";
import type { Engine } from "../support/engines";
import type { Surface } from "../support/raw-api";

/** Credentials the emulator accepts; tests search every output and error for them. */
export { KEY_SECRET, STACK_TOKEN };

export type TargetKind = "cloud" | "server";
export const TARGETS: TargetKind[] = ["cloud", "server"];

/** Stack API generations the provider is tested against: the contract's first form and the current one. */
export const STACK_VERSIONS = ["2.0.0", "2.36.0"] as const;

/** Every generation on every target, `[version, kind]`, for `describe.each`. */
export const STACK_CASES = STACK_VERSIONS.flatMap((version) => TARGETS.map((kind) => [version, kind] as const));

/** An emulator for stack tests, answering as the server generation named (the contract's 2.0.0 unless told). */
export function start(options: StackApiVersion | EmulatorOptions = {}): Promise<Emulator> {
  const chosen = typeof options === "string" ? { stackApiVersion: options } : options;
  return startTestEmulator({ retryAfterSeconds: 0, ...chosen });
}

/**
 * One emulator of each server generation for the test file: `current` answers as a current
 * server (2.36.0), `first` in the contract's form (2.0.0). Started before the file's tests,
 * closed after them; read the fields inside tests and hooks.
 */
export function startGenerations(): { current: Emulator; first: Emulator } {
  const both = {} as { current: Emulator; first: Emulator };
  beforeAll(async () => {
    [both.current, both.first] = await Promise.all([start("2.36.0"), start("2.0.0")]);
  });
  afterAll(async () => {
    await Promise.all([both.current?.close(), both.first?.close()]);
  });
  return both;
}

/** The emulator of `both` that answers as `version`. */
export function emulatorOf(both: { current: Emulator; first: Emulator }, version: (typeof STACK_VERSIONS)[number]): Emulator {
  return version === "2.0.0" ? both.first : both.current;
}

/**
 * Dashboard and alert fixtures valid on the stack of `kind` on `emulator`, of either generation:
 * series name its first source, alerts go to its seeded webhook.
 */
export function fixturesOn(emulator: Emulator, kind: TargetKind) {
  const stack = storedStack(emulator, kind);
  return fixturesFor({ sourceId: stack.sources[0].id, webhookId: stack.webhooks[0].id });
}

/**
 * One `[version, kind]` case of a `describe`: before each test, the emulator of that generation
 * (its stores and scripted faults reset when `reset` is set), and fixtures valid on its stack
 * (see {@link fixturesOn}), read at call time. Call `emulator()` inside tests and hooks.
 */
export function stackCase(
  both: { current: Emulator; first: Emulator },
  version: (typeof STACK_VERSIONS)[number],
  kind: TargetKind,
  options: { reset?: boolean } = {},
) {
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

/**
 * The stack config of a target. Both credentials are always there (a user with both); only
 * `stackUrl` tells the server target from the cloud one.
 */
export function configFor(kind: TargetKind, emulator: Emulator, over: Record<string, string> = {}): Record<string, string> {
  const common = {
    apiUrl: emulator.url,
    keyId: emulator.options.keyId,
    keySecret: KEY_SECRET,
    organizationId: emulator.options.organizationId,
    serviceId: emulator.options.serviceId,
    stackToken: STACK_TOKEN,
    retryBaseDelayMs: "0",
    maxRetries: "1",
  };
  return { ...common, ...(kind === "server" ? { stackUrl: emulator.url } : {}), ...over };
}

export function useTarget(kind: TargetKind, emulator: Emulator, over: Record<string, string> = {}): void {
  configureWith(configFor(kind, emulator, over));
}

type Obj = Record<string, any>;

/** One engine-facing provider module (`provider/impl/stack-*.ts`), seen as the engine drives it. */
export type Impl = Engine;

/** A deployed object as state keeps it. */
export interface Deployed {
  id: string;
  outs: Obj;
}

/** `check`, failing loudly with its failures. */
export async function checked(impl: Impl, inputs: Obj): Promise<Obj> {
  const result = await impl.check(EXISTING, inputs);
  if (result.failures?.length) throw new Error(`check failed: ${JSON.stringify(result.failures)}`);
  return result.inputs!;
}

/** `pulumi up` of one object: create it, or diff and update it; also returns the diff seen. */
export async function up(impl: Impl, inputs: Obj, prior?: Deployed): Promise<Deployed & { diff?: Awaited<ReturnType<Impl["diff"]>> }> {
  const news = await checked(impl, inputs);
  if (!prior) {
    const { id, outs } = await impl.create(news);
    return { id, outs: outs ?? {} };
  }
  const diff = await impl.diff(prior.id, prior.outs, news);
  if (!diff.changes) return { ...prior, diff };
  if (diff.replaces?.length) throw new Error(`unexpected replacement of ${diff.replaces.join(", ")}`);
  const { outs } = await impl.update(prior.id, prior.outs, news);
  return { id: prior.id, outs: outs ?? {}, diff };
}

/** `pulumi preview` right after `up`: the diff of the stored outputs against the same program. */
export async function preview(impl: Impl, inputs: Obj, state: Deployed) {
  return impl.diff(state.id, state.outs, await checked(impl, inputs));
}

/** The raw API surface of a target (see test/support/raw-api.ts). */
export const surfaceOf = (kind: TargetKind): Surface => (kind === "server" ? "stack-server" : "stack-cloud");
