import { lookupIn, resolveSettings, type Settings } from "../config";
import type { CheckFailure } from "../schemas/check-failures";

/**
 * The stack config the engine handed this provider process through `configure`. It lives only
 * in the provider process's memory, never in the serialized provider or in state.
 */
let configured: ReturnType<typeof lookupIn> = () => undefined;

/** Called by every resource's shim `configure`; the config holds secrets in plaintext. */
export async function configure(req: { config: { get(key: string): string | undefined } }): Promise<void> {
  configured = lookupIn(req.config);
}

/** Settings as of now: stack config first, then `PIPESTACK_*` environment variables. */
export function engineSettings(): Settings {
  return resolveSettings(configured);
}

/** Settings for `check`: a broken setting is a failure to report, not a throw. */
export function checkSettings(failures: CheckFailure[]): Settings | undefined {
  try {
    return engineSettings();
  } catch (err) {
    failures.push({ property: "pipestack", reason: (err as Error).message });
    return undefined;
  }
}
