/**
 * Whether this provider process has checked any inputs. A preview or an `up` checks each resource
 * before its diff; a `pulumi refresh` never checks: it reads each object, then (CLI 3.248 and
 * later) diffs the refreshed outputs against the inputs the state holds, only to show what it
 * found. So a diff in a process that has checked nothing leads to no write, and a refusal that
 * guards a write (an alert kept on a tile its dashboard's update removes) has nothing to guard
 * there: thrown, it would fail the refresh that is the way out.
 */
let checked = false;

/** Records that this process checked inputs (`define-engine.ts`, in every kind's `check`). */
export function noteCheck(): void {
  checked = true;
}

/** True when this process has checked inputs: a diff here may lead to a write. */
export function writesMayFollow(): boolean {
  return checked;
}

/** Forgets it, as a new provider process would start (tests run many "processes" in one). */
export function forgetChecks(): void {
  checked = false;
}
