/**
 * What a Terraform state must pass before anything is written from it: every import id in a form
 * `pulumi import` takes, and no object at two addresses (imported twice, it would be two Pulumi
 * resources owning one object: removing one from the program deletes the object the other still
 * records). Pure; each refusal names the addresses, printed safely.
 */
import { printable } from "../errors/printable";
import { pathId } from "../schemas/refinements/ids";
import type { Handover } from "./convert";
import { KIND_NOUNS } from "./match";

/** The id forms `pulumi import` takes for the native plugin's resources (see native/import-id.ts). */
const ID_FORMS = "<id>, <serviceId>:<id> or <organizationId>:<serviceId>:<id>, each part letters, digits, - and _";

/** A value from the state, quoted for a message: control characters escaped. */
export const quoted = (value: string): string => printable(JSON.stringify(value));

/** Why `id` is no import id `pulumi import` takes, or undefined when it is one. Pure. */
export function importIdProblem(id: string): string | undefined {
  const parts = id.split(":");
  if (parts.length > 3) return `it has ${parts.length} parts`;
  const bad = parts.find((p) => !pathId.safeParse(p).success);
  return bad === undefined ? undefined : `${bad === "" ? "a part is empty" : `${quoted(bad)} is not an id`}`;
}

/** The object an import names: its kind and the id the API knows it by (a UUID: one object, whichever service the id names). */
const objectKey = (h: Handover) => `${h.kind}\n${h.entry.id.split(":").pop()}`;

/** Throws, naming the address, when an import id is in no form `pulumi import` takes; or naming both addresses when two name one object. */
export function checkHandovers(handovers: readonly Handover[]): void {
  for (const h of handovers) {
    // The provider reads and writes the stack as its key's team; another team's object would be looked up where it is not.
    if (h.team !== undefined) {
      throw new Error(
        `has ${quoted(h.address)} in the stack's team ${quoted(h.team)}: the provider manages the objects of its key's own team, so it would not find it. ` +
          "Move it with a key of that team (a state of its own), or leave it in Terraform (terraform state rm nothing) and move the rest: remove it from a copy of the state and run this again",
      );
    }
    const problem = importIdProblem(h.entry.id);
    if (problem) throw new Error(`has ${quoted(h.address)} with id ${quoted(h.entry.id)}, which no import takes (${problem}); the forms are ${ID_FORMS}`);
  }
  const seen = new Map<string, Handover>();
  for (const h of handovers) {
    const first = seen.get(objectKey(h));
    if (first) {
      throw new Error(
        `names one ${KIND_NOUNS[h.kind][0]} (${quoted(h.entry.id.split(":").pop()!)}) at two addresses, ${quoted(first.address)} and ${quoted(h.address)}: ` +
          "imported twice it would be two Pulumi resources owning one object, and removing either from the program would delete the object the other still records. " +
          "Keep one address in the Terraform state (terraform state rm the other) and run this again",
      );
    }
    seen.set(objectKey(h), h);
  }
}
