import { InvalidArgumentError } from "../errors";
import { replacePaths, type FieldChange } from "./field-diff";
import { valueAt } from "../schemas/plain-object";

/**
 * The live object an `adoptId` names, or an error that says nothing was adopted (and nothing
 * created): `adoptId: no dashboard 66a0... on cloud:org/svc to adopt`.
 */
export async function adoptable<T>(what: string, id: string, where: string, read: () => Promise<T | undefined>): Promise<T> {
  const live = await read();
  if (live === undefined) throw new InvalidArgumentError(`adoptId: no ${what} ${id} ${where} to adopt`);
  return live;
}

/** How long one value may be shown beside its field. */
const SHOWN_LIMIT = 200;

const at = (root: unknown, path: string): unknown => valueAt(root, path.split("."), { arrays: "index" });

function shown(value: unknown): string {
  const text = value === undefined ? "(not set)" : JSON.stringify(value);
  return text.length <= SHOWN_LIMIT ? text : `${text.slice(0, SHOWN_LIMIT)}…`;
}

/**
 * Fields fixed at creation in which a live object differs from the program, each with the live
 * value beside the program's (`destination.table: live "a", program "b"`), so the fix is to copy
 * one into the other. Both come from non-secret fields (secrets never reach `fixed`). Pure.
 */
export function fixedFieldsShown(fixed: readonly string[], live: unknown, program: unknown): string {
  return fixed.map((p) => `${p}: live ${shown(at(live, p))}, program ${shown(at(program, p))}`).join("; ");
}

/** The error of an adoption whose live object differs from the program in fields fixed at creation. Pure. */
function fixedFieldsError(what: string, id: string, fixed: readonly string[], live: unknown, program: unknown): Error {
  return new InvalidArgumentError(
    `adoptId: ${what} ${id} differs from the program in fields fixed at creation: ${fixed.join(", ")} (${fixedFieldsShown(fixed, live, program)}); make the program match the live ${what}`,
  );
}

/** Refuses an adoption ({@link fixedFieldsError}) when a change from the live object to the program needs a new object. */
export function refuseFixedFields(what: string, id: string, changes: readonly FieldChange[], live: unknown, program: unknown): void {
  const fixed = replacePaths(changes);
  if (fixed.length) throw fixedFieldsError(what, id, fixed, live, program);
}
