/**
 * The stack targets and server generations the provider is tested on, and each target's stack
 * config. No assertions live here.
 */
import type { Emulator } from "../../emulator";
import { configureWith } from "./engine";
import { KEY_SECRET, STACK_TOKEN } from "./emulator";
import type { Surface } from "./raw-api";
import { fixturesFor } from "./stack-fixtures";
import { storedStack } from "./stored";

/** `cloud`: a service's stack proxy; `server`: the open-source stack server. */
export type TargetKind = "cloud" | "server";
export const TARGETS: TargetKind[] = ["cloud", "server"];

/** Stack API generations the provider is tested against: the contract's first form and the current one. */
export const STACK_VERSIONS = ["2.0.0", "2.36.0"] as const;

/** Every generation on every target, `[version, kind]`, for `describe.each`. */
export const STACK_CASES = STACK_VERSIONS.flatMap((version) => TARGETS.map((kind) => [version, kind] as const));

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

/** Points the engine side's settings at the target's stack on `emulator`. */
export function useTarget(kind: TargetKind, emulator: Emulator, over: Record<string, string> = {}): void {
  configureWith(configFor(kind, emulator, over));
}

/** The raw API surface of a target (see raw-api.ts). */
export const surfaceOf = (kind: TargetKind): Surface => (kind === "server" ? "stack-server" : "stack-cloud");

/**
 * Dashboard and alert fixtures valid on the stack of `kind` on `emulator`, of either generation:
 * series name its first source, alerts go to its seeded webhook.
 */
export function fixturesOn(emulator: Emulator, kind: TargetKind) {
  const stack = storedStack(emulator, kind);
  return fixturesFor({ sourceId: stack.sources[0].id, webhookId: stack.webhooks[0].id });
}
