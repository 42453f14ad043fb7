/**
 * An import's warnings about credentials said once per kind and fields in a provider process:
 * an import of 200 pipes printed the same three lines 200 times. The first object names the
 * fields and the way to add them; the others of its kind lacking the same are not named again.
 */
import type { CheckFailure } from "../schemas/check-failures";
import { credentialsWarning, saidOnce } from "./imported-inputs";

/** The warning for this object, or undefined when one for its kind and fields was said already. */
export function importNotice(said: Set<string>, type: string, name: string, toAdd: readonly CheckFailure[]): string | undefined {
  const key = `${type}\n${toAdd.map((f) => f.property).join("\n")}`;
  if (said.has(key)) return undefined;
  said.add(key);
  return `${credentialsWarning(`${type} ${JSON.stringify(name)}`, toAdd)} ${saidOnce(type)}`;
}

/** What this provider process said already. */
export const SAID = new Set<string>();
