/**
 * Command-line flags of `pipestack-emulator`, parsed into {@link EmulatorOptions}. Kept
 * apart from the entry point so the parsing can be tested without starting anything.
 */
import { parseArgs } from "node:util";
import { DEFAULTS, FAULT_KINDS, type EmulatorOptions, type FaultKind, type ResolvedOptions } from "./options";
import { STACK_API_VERSIONS, isStackApiVersion } from "./stack/generation";

/** Usage text printed by `--help`. */
export const USAGE = `Usage: pipestack-emulator [options]

  --port P              TCP port on 127.0.0.1; 0 takes a free port (default ${DEFAULTS.port})
  --key-id K            cloud API key id (default ${DEFAULTS.keyId})
  --key-secret S        cloud API key secret (default ${DEFAULTS.keySecret})
  --stack-token T       bearer token of /api/v2 (default ${DEFAULTS.stackToken})
  --organization-id O   organization UUID (default ${DEFAULTS.organizationId})
  --service-id V        service UUID seeded at start (default ${DEFAULTS.serviceId})
  --latency-ms N        delay before every API response (default ${DEFAULTS.latencyMs})
  --fault-rate R        share 0..1 of API requests answered with a fault (default ${DEFAULTS.faultRate})
  --fault-seed N        seed of the fault sequence (default ${DEFAULTS.faultSeed})
  --fault-kinds LIST    comma list of ${FAULT_KINDS.join(",")} (default all)
  --retry-after S       seconds announced in Retry-After (default ${DEFAULTS.retryAfterSeconds})
  --step-ms N           time per pipe state transition (default ${DEFAULTS.stepMs})
  --state-file F        load the stores from F at start, save them on every change
  --no-quirks           read pipes back exactly as sent (debugging)
  --stack-api-version V stack API generation, ${STACK_API_VERSIONS.join(" or ")}: 2.0.0 is the
                        contract's form, 2.36.0 the current server (default ${DEFAULTS.stackApiVersion}
                        for now, while the provider speaks only the contract's form)
  --help                this text
`;

/** Options, plus which secrets were given (those are never printed). */
export interface CliArgs {
  options: EmulatorOptions;
  help: boolean;
  secretsGiven: { keySecret: boolean; stackToken: boolean };
}

function number(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) throw new Error(`--${name} must be a number, got ${JSON.stringify(text)}`);
  return value;
}

/** Parses argv (without node and script); throws with a readable message on bad flags. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      "key-id": { type: "string" },
      "key-secret": { type: "string" },
      "stack-token": { type: "string" },
      "organization-id": { type: "string" },
      "service-id": { type: "string" },
      "latency-ms": { type: "string" },
      "fault-rate": { type: "string" },
      "fault-seed": { type: "string" },
      "fault-kinds": { type: "string" },
      "retry-after": { type: "string" },
      "step-ms": { type: "string" },
      "state-file": { type: "string" },
      "no-quirks": { type: "boolean" },
      "stack-api-version": { type: "string" },
      help: { type: "boolean" },
    },
  });
  const kinds = values["fault-kinds"]?.split(",").map((k) => k.trim()).filter((k) => k !== "");
  for (const kind of kinds ?? []) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new Error(`--fault-kinds: unknown kind ${kind} (known: ${FAULT_KINDS.join(",")})`);
  }
  const version = values["stack-api-version"];
  if (version !== undefined && !isStackApiVersion(version)) throw new Error(`--stack-api-version: unknown version ${version} (known: ${STACK_API_VERSIONS.join(",")})`);
  const options: EmulatorOptions = {
    port: number("port", values.port),
    keyId: values["key-id"],
    keySecret: values["key-secret"],
    stackToken: values["stack-token"],
    organizationId: values["organization-id"],
    serviceId: values["service-id"],
    latencyMs: number("latency-ms", values["latency-ms"]),
    faultRate: number("fault-rate", values["fault-rate"]),
    faultSeed: number("fault-seed", values["fault-seed"]),
    faultKinds: kinds as FaultKind[] | undefined,
    retryAfterSeconds: number("retry-after", values["retry-after"]),
    stepMs: number("step-ms", values["step-ms"]),
    stateFile: values["state-file"],
    quirks: values["no-quirks"] ? false : undefined,
    stackApiVersion: version,
  };
  return {
    options: Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as EmulatorOptions,
    help: values.help === true,
    secretsGiven: { keySecret: values["key-secret"] !== undefined, stackToken: values["stack-token"] !== undefined },
  };
}

/** The settings lines printed at start. Given secrets show as `(set)`; defaults are fake and shown. */
export function describeSettings(options: ResolvedOptions, secretsGiven: CliArgs["secretsGiven"]): string[] {
  return [
    "pipestack-emulator settings:",
    `  organization id   ${options.organizationId}`,
    `  service id        ${options.serviceId}`,
    `  key id            ${options.keyId}`,
    `  key secret        ${secretsGiven.keySecret ? "(set)" : options.keySecret}`,
    `  stack token       ${secretsGiven.stackToken ? "(set)" : options.stackToken}`,
    `  latency ms        ${options.latencyMs}`,
    `  fault rate        ${options.faultRate} (seed ${options.faultSeed}; kinds ${options.faultKinds.join(",")})`,
    `  retry after s     ${options.retryAfterSeconds}`,
    `  step ms           ${options.stepMs}`,
    `  quirks            ${Object.values(options.quirks).every(Boolean) ? "on" : "off"}`,
    `  state file        ${options.stateFile ?? "(none)"}`,
    `  stack api version ${options.stackApiVersion}`,
  ];
}
