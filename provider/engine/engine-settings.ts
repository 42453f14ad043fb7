import { lookupIn, resolveSettings, settingKeys, type SettingKey, type Settings } from "../config";
import { resourceFailure, type CheckFailure } from "../schemas/check-failures";

/**
 * The stack config the engine handed this provider process through `configure`. It lives only
 * in the provider process's memory, never in the serialized provider or in state.
 */
let configured: ReturnType<typeof lookupIn> = () => undefined;

/** Called by every resource's `configure` (the dynamic face's shim) and by the native plugin's (`native/provider-config.ts`); the config holds secrets in plaintext. */
export async function configure(req: { config: { get(key: string): string | undefined } }): Promise<void> {
  configured = lookupIn(req.config);
}

/** The last settings resolved, and the raw values they were resolved from. */
let last: { raw: string; settings: Settings } | undefined;

/**
 * Settings as of now: stack config first, then `PIPESTACK_*` environment variables. The values
 * are looked up on every call, but parsed (URL checks, coercion, defaults) only when one of them
 * changed: a provider process answers hundreds of calls with the same configuration, and the
 * same object back lets per-settings caches (the API clients) be reused.
 */
export function engineSettings(): Settings {
  const raw = JSON.stringify((Object.keys(settingKeys) as SettingKey[]).map((k) => configured(k) ?? process.env[settingKeys[k].env] ?? null));
  if (last?.raw === raw) return last.settings;
  const settings = resolveSettings(configured);
  last = { raw, settings };
  return settings;
}

/** Settings for `check`: a broken setting is a failure to report, not a throw. */
export function checkSettings(failures: CheckFailure[]): Settings | undefined {
  try {
    return engineSettings();
  } catch (err) {
    failures.push(resourceFailure(err));
    return undefined;
  }
}
