/**
 * Settings of the emulator, declared once in {@link OPTIONS}: each option's default, check,
 * command-line flag and help line. The caller's type ({@link EmulatorOptions}), the resolved
 * type the server reads ({@link ResolvedOptions}; the control API changes the fault and
 * timing fields in place), {@link DEFAULTS}, the CLI table and its help text all derive from it.
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

/** Every quirk's name. */
export const QUIRK_NAMES = [
  "engineParens",
  "nullOptionals",
  "defaultConsumerGroup",
  "scalingQuantities",
  "defaultScaling",
  "scalingGapAfterPatch",
  "emptySettings",
] as const satisfies readonly (keyof Quirks)[];

/** One option: what callers pass (`In`), what the server reads (`Out`), and its flag. */
interface Option<In, Out> {
  /** Value when not given. */
  default: Out;
  /** Checks a given value and returns the form the server reads; throws a RangeError naming `name`. */
  resolve(value: In, name: string): Out;
  /** Command-line flag (without `--`); an option without one is set through the API only. */
  flag?: string;
  /** Placeholder of the flag's value in the help text; none for a switch. */
  arg?: string;
  /** Help line. */
  help: string;
  /** The flag's text as the option's input (a switch gets `"true"`). */
  fromFlag?(text: string): In;
  /** How the help shows the default, when not as the value itself (`""`: not shown). */
  defaultText?: string;
  /** A secret: the settings printout says `(set)` once one is given. */
  secret?: boolean;
}

function option<In, Out>(spec: Option<In, Out>): Option<In, Out> {
  return spec;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical text form (any version). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const text = (value: string): string => value;
function nonNegative(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number >= 0, got ${value}`);
  return value;
}
function wholeNumber(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number >= 0, got ${value}`);
  return value;
}
function atLeast100(value: number, name: string): number {
  if (!(value >= 100) || !Number.isFinite(value)) throw new RangeError(`${name} must be at least 100, got ${value}`);
  return value;
}
function anyNumber(value: number, name: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a number, got ${value}`);
  return value;
}
function uuid(value: string, name: string): string {
  if (!isUuid(value)) throw new RangeError(`${name} must be a UUID, got ${value}`);
  return value.toLowerCase();
}
/** Flag text as a number; the message names the flag as typed. */
function numberFlag(flag: string): (text: string) => number {
  return (raw) => {
    const value = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(value)) throw new Error(`--${flag} must be a number, got ${JSON.stringify(raw)}`);
    return value;
  };
}
function numeric(
  flag: string,
  arg: string,
  fallback: number,
  help: string,
  check: (value: number, name: string) => number = nonNegative,
): Option<number, number> {
  return { default: fallback, resolve: check, flag, arg, help, fromFlag: numberFlag(flag) };
}

function resolveQuirks(input: boolean | Partial<Quirks>): Quirks {
  const on = input !== false;
  const base = Object.fromEntries(QUIRK_NAMES.map((name) => [name, on])) as unknown as Quirks;
  return typeof input === "object" ? { ...base, ...input } : base;
}

/** The one declaration of every option. */
export const OPTIONS = {
  /** TCP port on 127.0.0.1; 0 takes a free port. @default 0 */
  port: numeric("port", "P", 0, "TCP port on 127.0.0.1; 0 takes a free port", (value, name) => {
    if (!Number.isInteger(value) || value < 0 || value > 65535) throw new RangeError(`${name} must be 0-65535, got ${value}`);
    return value;
  }),
  /** Cloud API key id (HTTP Basic user). @default "emulator-key-id" */
  keyId: option<string, string>({ default: "emulator-key-id", resolve: text, flag: "key-id", arg: "K", help: "cloud API key id", fromFlag: text }),
  /** Cloud API key secret (HTTP Basic password). @default "emulator-key-secret" */
  keySecret: option<string, string>({
    default: "emulator-key-secret",
    resolve: text,
    flag: "key-secret",
    arg: "S",
    help: "cloud API key secret",
    fromFlag: text,
    secret: true,
  }),
  /** Bearer token of the open-source stack API. @default "emulator-stack-token" */
  stackToken: option<string, string>({
    default: "emulator-stack-token",
    resolve: text,
    flag: "stack-token",
    arg: "T",
    help: "bearer token of /api/v2",
    fromFlag: text,
    secret: true,
  }),
  /** The one organization the emulator knows. @default "00000000-0000-4000-8000-000000000001" */
  organizationId: option<string, string>({
    default: "00000000-0000-4000-8000-000000000001",
    resolve: uuid,
    flag: "organization-id",
    arg: "O",
    help: "organization UUID",
    fromFlag: text,
  }),
  /** A service seeded at start (any other UUID service is created on first use). @default "00000000-0000-4000-8000-000000000002" */
  serviceId: option<string, string>({
    default: "00000000-0000-4000-8000-000000000002",
    resolve: uuid,
    flag: "service-id",
    arg: "V",
    help: "service UUID seeded at start",
    fromFlag: text,
  }),
  /** Delay added before every API response, in ms. @default 0 */
  latencyMs: numeric("latency-ms", "N", 0, "delay before every API response"),
  /** Share (0..1) of API requests answered with a random fault. @default 0 */
  faultRate: numeric("fault-rate", "R", 0, "share 0..1 of API requests answered with a fault", (value, name) => {
    if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be within 0..1, got ${value}`);
    return value;
  }),
  /** Seed of the fault PRNG, so a run repeats. @default 1 */
  faultSeed: numeric("fault-seed", "N", 1, "seed of the fault sequence", anyNumber),
  /** Fault kinds to pick from. @default all of FAULT_KINDS */
  faultKinds: option<FaultKind[], FaultKind[]>({
    default: [...FAULT_KINDS],
    resolve: (kinds) => {
      for (const kind of kinds) if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new RangeError(`unknown fault kind ${kind}`);
      return [...kinds];
    },
    flag: "fault-kinds",
    arg: "LIST",
    help: `comma list of ${FAULT_KINDS.join(",")}`,
    defaultText: "all",
    fromFlag: (raw) => {
      const kinds = raw
        .split(",")
        .map((k) => k.trim())
        .filter((k) => k !== "");
      for (const kind of kinds) {
        if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new Error(`--fault-kinds: unknown kind ${kind} (known: ${FAULT_KINDS.join(",")})`);
      }
      return kinds as FaultKind[];
    },
  }),
  /** Seconds announced in `Retry-After` / `X-RateLimit-Reset`. @default 1 */
  retryAfterSeconds: numeric("retry-after", "S", 1, "seconds announced in Retry-After"),
  /**
   * Requests per window per access key on `/api/v2`, counted as the stack server counts them
   * (`rate-limit.ts`); 0 is no limit. The 2.36.0 server's own is 100 a minute. @default 0
   */
  stackRateLimit: numeric("stack-rate-limit", "N", 0, "requests per window per key on /api/v2, 0 none (the 2.36.0 server: 100)", wholeNumber),
  /** Window of `stackRateLimit`, in ms. @default 60000 */
  stackRateWindowMs: numeric("stack-rate-window-ms", "N", 60_000, "window of --stack-rate-limit", atLeast100),
  /**
   * Requests per window per key on the cloud API (`/v1`); 0 is no limit. The reference states no
   * figure, only the 429 with `X-RateLimit-Reset`. @default 0
   */
  cloudRateLimit: numeric("cloud-rate-limit", "N", 0, "requests per window per key on /v1, 0 none (the reference states no figure)", wholeNumber),
  /** Window of `cloudRateLimit`, in ms. @default 60000 */
  cloudRateWindowMs: numeric("cloud-rate-window-ms", "N", 60_000, "window of --cloud-rate-limit", atLeast100),
  /** Delay of a `slow` fault, in ms. @default 2000 */
  slowMs: numeric("slow-ms", "N", 2000, "delay of a slow fault"),
  /**
   * Time a client has to send a request's headers, in ms; the whole request gets three times as
   * long. A connection that trickles its headers (slowloris) is closed then. @default 10000
   */
  idleTimeoutMs: numeric("idle-timeout-ms", "N", 10_000, "time a client has to send a request's headers", (value, name) => {
    if (!(value >= 100)) throw new RangeError(`${name} must be at least 100, got ${value}`);
    return value;
  }),
  /** Time per lifecycle transition, in ms; 0 settles at once. @default 300 */
  stepMs: numeric("step-ms", "N", 300, "time per pipe state transition"),
  /** `false` turns every read-back quirk off; an object turns single ones off. @default true */
  quirks: option<boolean | Partial<Quirks>, Quirks>({
    default: resolveQuirks(true),
    resolve: resolveQuirks,
    flag: "no-quirks",
    help: "read pipes back exactly as sent (debugging)",
    defaultText: "",
    fromFlag: () => false,
  }),
  /** JSON file the stores are loaded from at start and saved to on every change. */
  stateFile: option<string | undefined, string | undefined>({
    default: undefined,
    resolve: (value) => value,
    flag: "state-file",
    arg: "F",
    help: "load the stores from F at start, save them on every change",
    defaultText: "",
    fromFlag: text,
  }),
  /**
   * A Terraform state (the state file, version 4, or `terraform show -json` output) whose pipes
   * and reverse private endpoints are loaded at start with their ids, in the services the state
   * names, and its stack objects (dashboards, alerts, saved searches, webhooks, connections,
   * sources) with theirs, in the default service's stack: a rehearsal of a
   * move from Terraform (docs/emulator.md).
   */
  fromTerraformState: option<string | undefined, string | undefined>({
    default: undefined,
    resolve: (value) => value,
    flag: "from-terraform-state",
    arg: "F",
    help: "load the pipes, endpoints and stack objects of the Terraform state F at start, with their ids",
    defaultText: "",
    fromFlag: text,
  }),
  /** Generation of the stack API served on both ways in (`2.0.0` is the contract's form, `2.36.0` the current server). @default "2.36.0" */
  stackApiVersion: option<StackApiVersion, StackApiVersion>({
    default: DEFAULT_STACK_API_VERSION,
    resolve: (value, name) => {
      if (!isStackApiVersion(value)) throw new RangeError(`${name} must be one of ${STACK_API_VERSIONS.join(", ")}, got ${String(value)}`);
      return value;
    },
    flag: "stack-api-version",
    arg: "V",
    help: `stack API generation, ${STACK_API_VERSIONS.join(" or ")}: 2.0.0 is the contract's form, 2.36.0 the current server`,
    defaultText: `${DEFAULT_STACK_API_VERSION}, the current server`,
    fromFlag: (raw) => {
      if (!isStackApiVersion(raw)) throw new Error(`--stack-api-version: unknown version ${raw} (known: ${STACK_API_VERSIONS.join(",")})`);
      return raw;
    },
  }),
};

type Options = typeof OPTIONS;
type InputOf<O> = O extends Option<infer In, unknown> ? In : never;
type OutputOf<O> = O extends Option<unknown, infer Out> ? Out : never;

/** Options of {@link startEmulator}; every field is optional. */
export type EmulatorOptions = { [K in keyof Options]?: InputOf<Options[K]> };
/** Options with every default filled in; the fault and timing fields change at run time. */
export type ResolvedOptions = { -readonly [K in keyof Options]: OutputOf<Options[K]> };
/** Name of one option. */
export type OptionName = keyof Options;

/** Every option's name, in declaration order. */
export const OPTION_NAMES = Object.keys(OPTIONS) as OptionName[];

/** The defaults, shared by the CLI help and {@link resolveOptions}. */
export const DEFAULTS: Readonly<ResolvedOptions> = Object.freeze(
  Object.fromEntries(OPTION_NAMES.map((name) => [name, OPTIONS[name].default])) as ResolvedOptions,
);

/** Fills defaults in and rejects values the server cannot run with. */
export function resolveOptions(input: EmulatorOptions = {}): ResolvedOptions {
  const resolved: Record<string, unknown> = {};
  for (const name of OPTION_NAMES) {
    const spec = OPTIONS[name] as Option<unknown, unknown>;
    const given = input[name];
    resolved[name] = given === undefined ? structuredClone(spec.default) : spec.resolve(given, name);
  }
  return resolved as ResolvedOptions;
}
