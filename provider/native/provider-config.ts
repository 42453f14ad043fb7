import { resolveSettings, settingKeys, type SettingKey } from "../config";
import { configure as configureEngines } from "../engine/engine-settings";
import { UNKNOWN } from "../schemas/unknown";
import type { DiffKind } from "./detailed-diff";
import { PACKAGE } from "./resources";
import { reveal, withSecrets } from "./values";
import type { Obj } from "../schemas/plain-object";

/**
 * The provider's configuration: the same settings as the dynamic face's stack config
 * (`pipestack:apiUrl`, `pipestack:keySecret`, ...), arriving as the inputs of the default
 * provider (stack config) or of an explicit provider resource. Checked by the same settings
 * schema, secret settings kept secret, and handed to the engines as their configuration.
 */

const KEYS = Object.keys(settingKeys) as SettingKey[];
/** Settings whose values are credentials. */
const SECRET_SETTINGS = KEYS.filter((k) => settingKeys[k].secret);

/** A setting's value as stack config text (structured values as the JSON they were written in). */
function asText(v: unknown): string | undefined {
  if (v === undefined || v === null || v === UNKNOWN) return undefined;
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** The settings among provider inputs (or Configure variables, `pipestack:x` / `pipestack:config:x`). */
export function settingValues(args: Obj, variables: Record<string, string> = {}): Partial<Record<SettingKey, string>> {
  const plain = reveal(args) as Obj;
  const out: Partial<Record<SettingKey, string>> = {};
  for (const k of KEYS) {
    const value = asText(plain[k]) ?? variables[`${PACKAGE}:${k}`] ?? variables[`${PACKAGE}:config:${k}`];
    if (value !== undefined && value !== "") out[k] = value;
  }
  return out;
}

/** CheckConfig: the inputs with secret settings marked, and a failure for a setting that cannot be used. */
export function checkConfig(news: Obj): { inputs: Obj; failures: { property: string; reason: string }[] } {
  const values = settingValues(news);
  const failures: { property: string; reason: string }[] = [];
  // A value not known yet (a preview) is checked when it is.
  const known = !Object.values(reveal(news) as Obj).some((v) => v === UNKNOWN);
  if (known) {
    try {
      resolveSettings((k) => values[k], {});
    } catch (err) {
      const key = /pipestack:(\w+)/.exec((err as Error).message)?.[1] ?? "";
      failures.push({ property: key, reason: (err as Error).message });
    }
  }
  return { inputs: withSecrets(reveal(news) as Obj, SECRET_SETTINGS), failures };
}

/** DiffConfig: the settings that changed; a provider changes in place (its resources stay). */
export function diffConfig(olds: Obj, news: Obj): { changes: boolean; detailedDiff: Record<string, DiffKind> } {
  const a = settingValues(olds);
  const b = settingValues(news);
  const detailed: Record<string, DiffKind> = {};
  for (const k of KEYS) {
    if (a[k] === b[k]) continue;
    detailed[k] = a[k] === undefined ? "add" : b[k] === undefined ? "delete" : "update";
  }
  return { changes: Object.keys(detailed).length > 0, detailedDiff: detailed };
}

/** Configure: the engines read these settings (then `PIPESTACK_*`) from now on. */
export async function configure(args: Obj, variables: Record<string, string>): Promise<void> {
  const values = settingValues(args, variables);
  await configureEngines({ config: { get: (key: string) => values[key.slice(PACKAGE.length + 1) as SettingKey] } });
}
