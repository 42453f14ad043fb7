import type { PipeSourceInput } from "./source";
import { locateSecrets } from "../../schemas/field-policy";
import { pipePolicy, type PipeSourceSecrets } from "./policy";
import { isObj, type Obj } from "../../schemas/plain-object";
import { mergeSecrets, splitSecrets } from "../../schemas/secret-split";

/**
 * Secret material of a pipe source is kept in a top-level property of its own (`sourceSecrets`),
 * so that the rest of `source` stays readable in previews and outputs (one secret inside a
 * property makes the whole property secret). Which fields those are comes from the pipe policy.
 */
export type { PipeSourceSecrets };
export type SecretField = keyof PipeSourceSecrets;

/** Where each secret lives inside a source, per source kind (from the pipe policy). */
export const secretLocations = locateSecrets(pipePolicy.source.fields) as Record<SecretField, readonly (readonly string[])[]>;

/** Splits a source as users write it into its readable part and its secrets, as both faces split it (`schemas/secret-split.ts`). Pure. */
export function splitSourceSecrets(source: PipeSourceInput | Obj): { source: Obj; secrets: Obj } {
  const { rest, secrets } = splitSecrets(source, secretLocations);
  return { source: rest, secrets };
}

/** Puts secrets back where the API wants them, for the source kind that is set. Pure. */
export function mergeSourceSecrets(source: PipeSourceInput | undefined, secrets: PipeSourceSecrets | undefined): PipeSourceInput | undefined {
  if (!isObj(source)) return source;
  return mergeSecrets(source, isObj(secrets) ? secrets : {}, secretLocations);
}

/** A pipe's inputs as the program wrote them: the secrets back in the source (where the pipe policy's paths point). Pure. */
export function programOf(inputs: Obj): Obj {
  const { sourceSecrets, ...rest } = inputs;
  return { ...rest, source: mergeSourceSecrets(rest.source as PipeSourceInput | undefined, sourceSecrets as PipeSourceSecrets | undefined) ?? rest.source };
}

/**
 * `sourceSecrets` keys that are no secret of the source's kind: unknown names, or another
 * kind's secret (`accessKey` on a kafka source). They would be dropped without a word, and the
 * pipe created without the credential the program meant to give. Pure.
 */
export function sourceSecretsFailures(source: unknown, secrets: unknown): { property: string; reason: string }[] {
  if (!isObj(secrets)) return [];
  const kinds = isObj(source) ? Object.keys(source).filter((k) => source[k] !== undefined && source[k] !== null) : [];
  const failures: { property: string; reason: string }[] = [];
  for (const key of Object.keys(secrets)) {
    if (secrets[key] === undefined) continue;
    const paths = (secretLocations as Record<string, readonly (readonly string[])[]>)[key];
    if (!paths) {
      failures.push({ property: `sourceSecrets.${key}`, reason: `is no secret field; known: ${Object.keys(secretLocations).join(", ")}` });
      continue;
    }
    const holders = paths.map((p) => p[0]);
    if (kinds.length === 1 && !holders.includes(kinds[0])) {
      failures.push({ property: `sourceSecrets.${key}`, reason: `is no secret of a ${kinds[0]} source (only of ${[...new Set(holders)].join(", ")})` });
    }
  }
  return failures;
}

/** Every string inside the secrets, to blank out of error messages. */
export function secretStrings(secrets: unknown): string[] {
  if (typeof secrets === "string") return [secrets];
  if (Array.isArray(secrets)) return secrets.flatMap(secretStrings);
  if (isObj(secrets)) return Object.values(secrets).flatMap(secretStrings);
  return [];
}
