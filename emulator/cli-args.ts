/**
 * Command-line flags of `pipestack-emulator`, parsed into {@link EmulatorOptions}. The flags,
 * their help lines and the settings printout derive from `OPTIONS`; kept apart from the entry
 * point so the parsing can be tested without starting anything.
 */
import { parseArgs } from "node:util";
import { DEFAULTS, OPTION_NAMES, OPTIONS, type EmulatorOptions, type OptionName, type ResolvedOptions } from "./options";

/** The option spec as this module reads it (every entry has these fields). */
interface FlagSpec {
  flag?: string;
  arg?: string;
  help: string;
  defaultText?: string;
  secret?: boolean;
  fromFlag?(text: string): unknown;
}

const specOf = (name: OptionName): FlagSpec => OPTIONS[name];
const FLAGGED = OPTION_NAMES.filter((name) => specOf(name).flag !== undefined);
const SECRETS = OPTION_NAMES.filter((name) => specOf(name).secret === true);

function show(value: unknown): string {
  return Array.isArray(value) ? value.join(",") : String(value);
}

function usageLine(name: OptionName): string {
  const spec = specOf(name);
  const left = `  --${spec.flag}${spec.arg ? ` ${spec.arg}` : ""}`;
  const fallback = spec.defaultText ?? show(DEFAULTS[name]);
  return `${left.padEnd(24)}${spec.help}${fallback === "" ? "" : ` (default ${fallback})`}`;
}

/** Usage text printed by `--help`. */
export const USAGE = `Usage: pipestack-emulator [options]

${FLAGGED.map(usageLine).join("\n")}
  --help                this text
`;

/** Options, plus which secrets were given (those are never printed). */
export interface CliArgs {
  options: EmulatorOptions;
  help: boolean;
  secretsGiven: Partial<Record<OptionName, boolean>>;
}

/** Parses argv (without node and script); throws with a readable message on bad flags. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const table = Object.fromEntries(
    FLAGGED.map((name) => [specOf(name).flag as string, { type: specOf(name).arg ? ("string" as const) : ("boolean" as const) }]),
  );
  const parsed = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: { ...table, help: { type: "boolean" } } });
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const options: Record<string, unknown> = {};
  for (const name of FLAGGED) {
    const spec = specOf(name);
    const raw = values[spec.flag as string];
    if (raw === undefined || raw === false) continue;
    options[name] = spec.fromFlag ? spec.fromFlag(String(raw)) : raw;
  }
  return {
    options: options,
    help: values.help === true,
    secretsGiven: Object.fromEntries(SECRETS.map((name) => [name, options[name] !== undefined])),
  };
}

/** `organizationId` → `organization id`. */
function label(name: string): string {
  return name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}

function settingText(options: ResolvedOptions, name: OptionName, secretsGiven: CliArgs["secretsGiven"]): string {
  if (secretsGiven[name]) return "(set)";
  const value = options[name];
  if (name === "quirks") return Object.values(options.quirks).every(Boolean) ? "on" : "off";
  return value === undefined ? "(none)" : show(value);
}

/** The settings lines printed at start. Given secrets show as `(set)`; defaults are fake and shown. */
export function describeSettings(options: ResolvedOptions, secretsGiven: CliArgs["secretsGiven"]): string[] {
  const names = OPTION_NAMES.filter((name) => name !== "port");
  // The widest label and two spaces: a fixed width glued the longest ones to their value.
  const width = Math.max(...names.map((name) => label(name).length)) + 2;
  return ["pipestack-emulator settings:", ...names.map((name) => `  ${label(name).padEnd(width)}${settingText(options, name, secretsGiven)}`)];
}
