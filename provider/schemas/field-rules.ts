import { writeOnlySecret, type FieldRule } from "./field-policy";

/**
 * The words every kind's policy is written in: what a change does, who fills a field in, what
 * stays secret. A rule two kinds share is one word here, so the engine reads the same rule from
 * each (a pipe's credentials and a webhook's headers are both {@link writeOnlySecret}); a kind
 * spells out only what no word says. `test/unit/field-rules.test.ts` holds each word to its rule
 * and refuses a policy file that writes a `change:` by hand. Pure data.
 */

export { writeOnlySecret };

/** A change makes a new object. */
export const replaced = { change: "replace" } as const;

/** A change is sent in place, by the kind's way `patch` of sending one. */
export const inPlace = <const P extends string>(patch: P) => ({ change: "update", patch }) as const;

/** A change is made in place by the provider itself, with no request of its own (a part of a parent's). */
export const changed = { change: "update" } as const;

/** Fixed at creation, and the server's own value when left out: leaving it out is no change. */
export const fixed = { change: "replace", serverDefault: true } as const;

/** `rule`, and the server fills the field in when the program leaves it out: leaving it out is no change. */
export const serverDefault = <const R extends FieldRule>(rule: R) => ({ ...rule, serverDefault: true }) as const;

/** `rule`, and the provider or the server fills it in when left out: the class's output is never undefined. */
export const filled = <const R extends FieldRule>(rule: R) => ({ ...rule, filled: true }) as const;

/** `rule`, and the API never returns it: the outputs carry the program's value. */
export const writeOnly = <const R extends FieldRule>(rule: R) => ({ ...rule, writeOnly: true }) as const;

/**
 * An instruction to the provider, not a property of the object (`adoptId`, `waitTimeoutSeconds`):
 * never sent, registered only when the program sets it, with no output; `change` says what
 * changing it does (`none`: it only said where the object came from).
 */
export const instruction = <const C extends "update" | "none">(change: C) => ({ change, sent: "never", inputOnly: true }) as const;

/** Where the object lives, sent in the URL: another value needs a new object, and no answer repeats it. */
export const address = { change: "replace", sent: "url", writeOnly: true } as const;
