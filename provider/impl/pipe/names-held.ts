/**
 * The pipe names this stack's own resources hold, as seen by this provider process, so that a
 * create's preview can refuse a name taken by someone else without refusing a replacement.
 *
 * The engine checks an existing resource with its old inputs first; when the diff then says
 * "replace" it checks the same resource again with no old inputs (step_generator.go: "we need to
 * recompute the default values"), which looks like a create. The old pipe of a replacement that
 * keeps its name still holds that name (it is deleted first): that is no reason to refuse. A name
 * seen among old inputs in this process is one this stack already manages; only a name never seen
 * so is refused at preview when the service lists it. When unsure, nothing is refused: the
 * create's own list, read after any delete-first, still refuses a name held by anyone else.
 */

/** Service-qualified names seen in old inputs: `org/service/name`. Lives as long as the process. */
const held = new Set<string>();

interface Named {
  organizationId?: unknown;
  serviceId?: unknown;
  name?: unknown;
}

function keyOf(props: Named): string | undefined {
  const { organizationId, serviceId, name } = props;
  if (typeof organizationId !== "string" || typeof serviceId !== "string" || typeof name !== "string") return undefined;
  return JSON.stringify([organizationId, serviceId, name]);
}

/** Notes the name an existing resource's old inputs hold (a `check` with old inputs). */
export function noteHeldName(olds: Named): void {
  const key = keyOf(olds);
  if (key !== undefined) held.add(key);
}

/** True when a resource of this stack was seen holding this name in this service. */
export function heldByThisStack(inputs: Named): boolean {
  const key = keyOf(inputs);
  return key !== undefined && held.has(key);
}

/** Forgets every name (tests). */
export function forgetHeldNames(): void {
  held.clear();
}
