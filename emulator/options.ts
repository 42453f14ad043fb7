/**
 * Settings of the emulator: what callers may pass, the defaults, and the resolved form the
 * server reads at run time (the control API changes the fault and timing fields in place).
 */
import { DEFAULT_STACK_API_VERSION, STACK_API_VERSIONS, isStackApiVersion, type StackApiVersion } from "./stack/generation";

/** Fault kinds the random fault injector can pick from. */
export const FAULT_KINDS = ["429", "500", "502", "503", "504html", "drop", "slow"] as const;
/** One kind of injected fault. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Read-back differences of the live API that the emulator reproduces; each can be turned off. */
export interface Quirks {
  /** Table engine `type` reads back with parentheses (`MergeTree()`). @default true */
  engineParens: boolean;
  /** Optional nullable fields that were not sent read back as `null`. @default true */
  nullOptionals: boolean;
  /** A kafka `consumerGroup` not sent reads back as `pipes-<id>`. @default true */
  defaultConsumerGroup: boolean;
  /** Scaling cpu and memory read back as quantity strings (`"250m"`, `"1Gi"`). @default true */
  scalingQuantities: boolean;
  /** Streaming pipes created without scaling read back with the default scaling. @default true */
  defaultScaling: boolean;
  /** The first GET of a pipe after PATCH /scaling lacks cpu and memory. @default true */
  scalingGapAfterPatch: boolean;
  /** Settings not sent read back as `{}`. @default true */
  emptySettings: boolean;
}

/** Options of {@link startEmulator}; every field is optional. */
export interface EmulatorOptions {
  /** TCP port on 127.0.0.1; 0 takes a free port. @default 0 */
  port?: number;
  /** Cloud API key id (HTTP Basic user). @default "emulator-key-id" */
  keyId?: string;
  /** Cloud API key secret (HTTP Basic password). @default "emulator-key-secret" */
  keySecret?: string;
  /** Bearer token of the open-source stack API. @default "emulator-stack-token" */
  stackToken?: string;
  /** The one organization the emulator knows. @default "00000000-0000-4000-8000-000000000001" */
  organizationId?: string;
  /** A service seeded at start (any other UUID service is created on first use). @default "00000000-0000-4000-8000-000000000002" */
  serviceId?: string;
  /** Delay added before every API response, in ms. @default 0 */
  latencyMs?: number;
  /** Share (0..1) of API requests answered with a random fault. @default 0 */
  faultRate?: number;
  /** Seed of the fault PRNG, so a run repeats. @default 1 */
  faultSeed?: number;
  /** Fault kinds to pick from. @default all of FAULT_KINDS */
  faultKinds?: FaultKind[];
  /** Seconds announced in `Retry-After` / `X-RateLimit-Reset`. @default 1 */
  retryAfterSeconds?: number;
  /** Delay of a `slow` fault, in ms. @default 2000 */
  slowMs?: number;
  /** Time per lifecycle transition, in ms; 0 settles at once. @default 300 */
  stepMs?: number;
  /** `false` turns every read-back quirk off; an object turns single ones off. @default true */
  quirks?: boolean | Partial<Quirks>;
  /** JSON file the stores are loaded from at start and saved to on every change. */
  stateFile?: string;
  /** Generation of the stack API served on both ways in (`2.0.0` is the contract's form). @default "2.0.0" */
  stackApiVersion?: StackApiVersion;
}

/** Options with every default filled in; the fault and timing fields change at run time. */
export interface ResolvedOptions {
  port: number;
  keyId: string;
  keySecret: string;
  stackToken: string;
  organizationId: string;
  serviceId: string;
  latencyMs: number;
  faultRate: number;
  faultSeed: number;
  faultKinds: FaultKind[];
  retryAfterSeconds: number;
  slowMs: number;
  stepMs: number;
  quirks: Quirks;
  stateFile: string | undefined;
  stackApiVersion: StackApiVersion;
}

/** The defaults, shared by the CLI help and {@link resolveOptions}. */
export const DEFAULTS = {
  port: 0,
  keyId: "emulator-key-id",
  keySecret: "emulator-key-secret",
  stackToken: "emulator-stack-token",
  organizationId: "00000000-0000-4000-8000-000000000001",
  serviceId: "00000000-0000-4000-8000-000000000002",
  latencyMs: 0,
  faultRate: 0,
  faultSeed: 1,
  retryAfterSeconds: 1,
  slowMs: 2000,
  stepMs: 300,
  stackApiVersion: DEFAULT_STACK_API_VERSION,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical text form (any version). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function resolveQuirks(input: boolean | Partial<Quirks> | undefined): Quirks {
  const on = input !== false;
  const base: Quirks = {
    engineParens: on,
    nullOptionals: on,
    defaultConsumerGroup: on,
    scalingQuantities: on,
    defaultScaling: on,
    scalingGapAfterPatch: on,
    emptySettings: on,
  };
  return typeof input === "object" ? { ...base, ...input } : base;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number >= 0, got ${value}`);
  return value;
}

/** Fills defaults in and rejects values the server cannot run with. */
export function resolveOptions(input: EmulatorOptions = {}): ResolvedOptions {
  const faultRate = input.faultRate ?? DEFAULTS.faultRate;
  if (!(faultRate >= 0 && faultRate <= 1)) throw new RangeError(`faultRate must be within 0..1, got ${faultRate}`);
  const kinds = input.faultKinds ?? [...FAULT_KINDS];
  for (const kind of kinds) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new RangeError(`unknown fault kind ${kind}`);
  }
  const organizationId = input.organizationId ?? DEFAULTS.organizationId;
  const serviceId = input.serviceId ?? DEFAULTS.serviceId;
  if (!isUuid(organizationId)) throw new RangeError(`organizationId must be a UUID, got ${organizationId}`);
  if (!isUuid(serviceId)) throw new RangeError(`serviceId must be a UUID, got ${serviceId}`);
  const port = input.port ?? DEFAULTS.port;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be 0-65535, got ${port}`);
  const stackApiVersion = input.stackApiVersion ?? DEFAULTS.stackApiVersion;
  if (!isStackApiVersion(stackApiVersion)) throw new RangeError(`stackApiVersion must be one of ${STACK_API_VERSIONS.join(", ")}, got ${String(stackApiVersion)}`);
  return {
    port,
    keyId: input.keyId ?? DEFAULTS.keyId,
    keySecret: input.keySecret ?? DEFAULTS.keySecret,
    stackToken: input.stackToken ?? DEFAULTS.stackToken,
    organizationId: organizationId.toLowerCase(),
    serviceId: serviceId.toLowerCase(),
    latencyMs: nonNegative("latencyMs", input.latencyMs ?? DEFAULTS.latencyMs),
    faultRate,
    faultSeed: input.faultSeed ?? DEFAULTS.faultSeed,
    faultKinds: kinds,
    retryAfterSeconds: nonNegative("retryAfterSeconds", input.retryAfterSeconds ?? DEFAULTS.retryAfterSeconds),
    slowMs: nonNegative("slowMs", input.slowMs ?? DEFAULTS.slowMs),
    stepMs: nonNegative("stepMs", input.stepMs ?? DEFAULTS.stepMs),
    quirks: resolveQuirks(input.quirks),
    stateFile: input.stateFile,
    stackApiVersion,
  };
}
