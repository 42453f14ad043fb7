import { containsUnknown } from "./unknown";

/**
 * The one rule of every "no X twice" check of a program's inputs: a value not known yet (a
 * preview's unknown, anywhere inside what identifies an item) is compared with nothing, neither
 * equal nor different. Two webhooks made in the same run both have ids not known at the preview:
 * they are not the same webhook, nor known to differ. (A Terraform state holds no unknowns:
 * `from-terraform/validate.ts` refuses an object at two addresses with a map of its own.) Pure.
 */

/** A repeat in a list: item `at` is identified as the earlier item `first` is. */
export interface Repeat {
  at: number;
  first: number;
}

/** What identifies an item, as compared: `undefined` when it has nothing (or nothing known) to compare. */
function known(identity: unknown): string | undefined {
  if (identity === undefined || identity === null || containsUnknown(identity)) return undefined;
  return typeof identity === "string" ? identity : JSON.stringify(identity);
}

/** Each item identified as an earlier one is, by `identity`, comparing only identities wholly known. */
export function knownRepeats<T>(items: readonly T[], identity: (item: T) => unknown): Repeat[] {
  const seen = new Map<string, number>();
  const out: Repeat[] = [];
  items.forEach((item, at) => {
    const k = known(identity(item));
    if (k === undefined) return;
    const first = seen.get(k);
    if (first === undefined) seen.set(k, at);
    else out.push({ at, first });
  });
  return out;
}

/** Whether two values are known to be identified differently: never while either is not known yet. */
export function knownToDiffer(a: unknown, b: unknown, identity: (v: unknown) => unknown): boolean {
  const [x, y] = [known(identity(a)), known(identity(b))];
  return x !== undefined && y !== undefined && x !== y;
}
