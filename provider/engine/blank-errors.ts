import { redact } from "../client/redact";
import { printable } from "../errors/printable";
import { withSecrets } from "../client/secret-scope";
import { settingKeys, type SettingKey } from "../config";
import { CONNECTION_KEY, CONNECTION_SECRETS } from "../schemas/connection";
import { isObj } from "./canonical";
import type { PolicyTree } from "../schemas/field-policy";
import { secretFieldStrings } from "./secret-fields";
import { withoutFrames } from "./quiet-refusals";
import { credentialsIn } from "./fingerprint-search";
import { engineSettings } from "./engine-settings";

/**
 * The last gate before an error leaves the provider process. The SDK's host sends an error's
 * message to the engine and prints its stack to stderr (which the CLI shows with `--debug`), so
 * both are blanked of every credential the operation knows: the resource's own (every secret
 * field of its policy, in the inputs a check, create, diff or update is given and in the old
 * outputs; its connection's keys) and the configured keys. The old outputs hold secret fields
 * only as fingerprints (see `fingerprint.ts`): an old credential is blanked where the error shows
 * it, or one of its parts (a line of a key, a key file's `private_key`), whole, in one of the
 * forms `fingerprint-search.ts` looks through; a half of one (an answer cut short) it cannot find. The
 * API client blanks what it was told per request; this gate also covers the requests made
 * without a resource's secrets (a refresh's GET, a destroy's DELETE) and any text built from an
 * API answer further up. An expected refusal leaves without its Node stack (`quiet-refusals.ts`).
 */

const SECRET_SETTINGS = (Object.keys(settingKeys) as SettingKey[]).filter((k) => settingKeys[k].secret);

/**
 * The credentials held by a resource's properties (inputs or outputs; a fingerprint is none):
 * every string of a secret field of its policy `tree`, and its connection's keys. Pure.
 */
export function propSecrets(props: unknown, tree: PolicyTree): string[] {
  if (!isObj(props)) return [];
  const out = secretFieldStrings(tree, props).plain;
  const connection = props[CONNECTION_KEY];
  if (isObj(connection)) for (const k of CONNECTION_SECRETS) if (typeof connection[k] === "string") out.push(connection[k]);
  return out;
}

/** The fingerprints held by a resource's properties (old outputs): what they stand for is searched for in an error. Pure. */
export function propFingerprints(props: unknown, tree: PolicyTree): string[] {
  return secretFieldStrings(tree, props).fingerprints;
}

/** An error's texts that reach the user: its message, stack and an init error's reasons. */
function errorText(err: unknown): string {
  if (!(err instanceof Error)) return typeof err === "string" ? err : "";
  const reasons = "reasons" in err && Array.isArray(err.reasons) ? (err.reasons as unknown[]).filter((r) => typeof r === "string") : [];
  return [err.message, err.stack ?? "", ...reasons].join("\n");
}

/** The configured credentials (stack config, environment); none when the settings do not resolve. */
function settingSecrets(): string[] {
  try {
    const settings = engineSettings();
    return SECRET_SETTINGS.map((k) => settings[k]).filter((v): v is string => typeof v === "string");
  } catch {
    return [];
  }
}

/** A message leaving for a terminal: blanked of `secrets`, one line, its control characters escaped. */
const shown = (text: string, secrets: readonly string[]) => printable(redact(text, secrets));

/**
 * `err` with its message and stack blanked of `secrets` and their control characters escaped
 * (a server's or a program's text in them must not drive the terminal); the same object, so
 * subclasses and fields (an init error's id) stay.
 */
export function blanked(err: unknown, secrets: readonly string[]): unknown {
  if (!(err instanceof Error)) return typeof err === "string" ? shown(err, secrets) : err;
  const before = err.message;
  err.message = shown(before, secrets);
  // The stack starts with the message; its own lines (the frames) stay lines.
  if (typeof err.stack === "string")
    err.stack = printable(
      redact(
        err.stack.replace(before, () => err.message),
        secrets,
      ),
      "keep line feeds",
    );
  // An init error's reasons go to the engine beside its message.
  if ("reasons" in err && Array.isArray(err.reasons)) err.reasons = (err.reasons as unknown[]).map((r) => (typeof r === "string" ? shown(r, secrets) : r));
  return err;
}

/**
 * Runs one provider operation; an error it throws leaves blanked of the credentials of
 * `propsList` (the secret fields of `tree`, old and new) and of the settings.
 */
export async function blankingErrors<T>(tree: PolicyTree, propsList: readonly unknown[], op: () => Promise<T>): Promise<T> {
  const own = propsList.flatMap((p) => propSecrets(p, tree));
  try {
    // Every request of the operation knows them too, so an answer is blanked before it is cut.
    return await withSecrets(own, op);
  } catch (err) {
    // Credentials the operation holds only as fingerprints: blanked where the error shows them.
    const fingerprinted = credentialsIn(
      errorText(err),
      propsList.flatMap((p) => propFingerprints(p, tree)),
    );
    throw withoutFrames(blanked(err, [...own, ...fingerprinted, ...settingSecrets()]));
  }
}
