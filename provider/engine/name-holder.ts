/**
 * The in-flight holder rule, for every kind whose server keeps a name unique (a pipe's name per
 * service, a webhook's service and name per stack). Two stacks creating the same name at once:
 * one wins, and the other finds the name held by an object made seconds before. Offered for
 * adoption, that object would be recorded by both stacks, and a `destroy` of either would delete
 * it under the other. So a holder that may be another create still running (made less than
 * {@link IN_FLIGHT_MINUTES} ago, or of unknown age) is never offered: the advice is to wait and
 * run again. An older holder is offered, with what an adoption costs when it is another stack's.
 *
 * A kind declares its name once ({@link NameRule}: where the holder is, and the holder as these
 * messages describe it, its creation time included); the create gate (`create-gate.ts`) and the
 * create (`create-once.ts`) word every refusal here, so no kind words its own holder (a pipe's
 * rename right after its POST, `resources/pipe/api.ts`, takes {@link takenMeanwhile} too, and
 * words only the case where the list then shows no holder). A rename in place of an existing
 * object (a pipe's PATCH, a webhook's PUT) is not a create: a held name there is the server's
 * own refusal.
 */
import type { CheckFailure } from "../schemas/check-failures";

/**
 * How long a holder may be another create's still running: a create's requests share one budget
 * of 120 s (each attempt within its own deadline), and a pipe holds its temporary name from its
 * POST to the rename right after, so 5 minutes leaves a margin for clocks that differ.
 */
export const IN_FLIGHT_MINUTES = 5;

/** True when an object made at `createdAt` may be another create's still running: made less than {@link IN_FLIGHT_MINUTES} ago, or of unknown age. Pure. */
export function mayBeInFlight(createdAt: string | null | undefined, now: number): boolean {
  const made = typeof createdAt === "string" ? Date.parse(createdAt) : Number.NaN;
  return Number.isNaN(made) || now - made < IN_FLIGHT_MINUTES * 60_000;
}

/** The object that holds the name a create wants, as the messages describe it. */
export interface NameHolder {
  /** What it is: `pipe`, `webhook`. */
  noun: string;
  id: string;
  /** The name the create wants. */
  name: string;
  /** The name the holder holds when it is not `name` itself: a temporary name of some create's. */
  held?: string;
  /** When the server made it; absent or not a date: of unknown age (so it may be in flight). */
  createdAt?: string | null;
  /** Where it is and what the server keeps unique, read after the id (` on server:... for service generic`), or empty. */
  where: string;
  /** How to adopt it: `adopt it with ..., then run \`pulumi up\` again`. */
  howToAdopt: string;
}

/**
 * A kind's unique name, declared once in its folder. `I`: the inputs; `P`: the place (a service,
 * a stack); `T`: the object as the API answers it.
 */
export interface NameRule<I, P, T> {
  /** The input fields the name depends on: while one is unknown (a preview), no read. */
  needs: readonly string[];
  /**
   * The object of the place holding the name the inputs claim (or a temporary name of it): in
   * the run's shared list, or with `fresh` in a read that starts now (before refusing).
   */
  holder(at: P, inputs: I, fresh: boolean): Promise<T | undefined>;
  /** The holder as the messages describe it. */
  described(at: P, inputs: I, holder: T): NameHolder;
  /**
   * What more a refusal says, or `false` to leave the holder to the create (which reads again
   * after any delete-first and refuses a name held by anyone else). @default refused, nothing more
   */
  refuses?(holder: T, inputs: I): string | false;
}

/** The kinds whose server keeps no name unique say so: the rule cannot be left out by accident. */
export const NO_UNIQUE_NAME = "no unique name";

/**
 * What to do about a holder: never an adoption for one that may be another create in flight;
 * otherwise how to adopt it, with what adopting another stack's object costs. Pure.
 */
export function holderAdvice(h: NameHolder, now = Date.now()): string {
  if (mayBeInFlight(h.createdAt, now)) {
    const age =
      typeof h.createdAt === "string" && !Number.isNaN(Date.parse(h.createdAt))
        ? `it was made less than ${IN_FLIGHT_MINUTES} minutes ago`
        : "its age is unknown";
    return (
      `Another create may be running: wait and run \`pulumi up\` again (${age}: another stack or program may be creating the same ${h.noun}). ` +
      `Do not adopt it while it may be another's: both stacks would record it, and a \`destroy\` of either would delete it`
    );
  }
  return (
    `If it is this resource's (for example from an interrupted \`pulumi up\`), ${h.howToAdopt}; nothing tells which stack made it, ` +
    `and adopting another stack's ${h.noun} means a \`destroy\` of this stack deletes it. Otherwise give this ${h.noun} another name`
  );
}

/** The holder named, with the name it holds when that is a temporary one. Pure. */
function holderNamed(h: NameHolder, now: number): string {
  const whose = mayBeInFlight(h.createdAt, now) ? "another create" : "an interrupted create";
  const held = h.held === undefined || h.held === h.name ? "" : ` under the temporary name ${JSON.stringify(h.held)} of ${whose}`;
  const created = h.createdAt ? ` (created ${h.createdAt})` : "";
  return `${h.noun} ${h.id}${h.where}${held}${created}`;
}

/** The message for a name held before this create began (the gate's, and the create's own list). Pure. */
export function takenBefore(h: NameHolder, now = Date.now()): string {
  return `the name ${JSON.stringify(h.name)} is taken by ${holderNamed(h, now)}, which existed before this create began and was not made by it. ${holderAdvice(h, now)}`;
}

/** The message for a holder that appeared while this create ran (the server refused the name). Pure. */
export function takenMeanwhile(h: NameHolder, now = Date.now()): string {
  return (
    `${holderNamed(h, now)} was made by someone else while this create ran (another stack or program creating the same ${h.noun} at the same moment, ` +
    `or after this run read the list): it took the name ${JSON.stringify(h.name)}, is not this resource's and was not adopted. ${holderAdvice(h, now)}`
  );
}

/** The gate's failure for a holder, on the field that names it. Pure. */
export function heldName(h: NameHolder, more = "", now = Date.now()): CheckFailure {
  return { property: "name", reason: `${takenBefore(h, now)}${more}` };
}
