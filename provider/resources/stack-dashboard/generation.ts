import type { StackTarget } from "../../client/stack-target";
import { currentOnlyDashboardFields, type DashboardInputs } from "./policy";
import { canonical } from "../../engine/canonical";
import { stackGeneration } from "../../engine/stack/generation";
import { StackGenerationError } from "../../errors/operation-errors";

/** The current-only fields a dashboard sets (an empty list or a null query is not set). Pure. */
function currentOnlyDashboardGaps(inputs: DashboardInputs): string[] {
  return currentOnlyDashboardFields.filter((k) => canonical(inputs[k]) !== undefined && inputs[k] !== "");
}

/**
 * Refuses, before any write and naming them, the fields a first-generation server would drop
 * (it stores none of them, so every later preview would show them as a change). The server's
 * generation is asked only when such a field is set: a dashboard without them costs no request.
 */
export async function refuseOnFirstGeneration(target: StackTarget, inputs: DashboardInputs): Promise<void> {
  const gaps = currentOnlyDashboardGaps(inputs);
  if (gaps.length === 0 || (await stackGeneration(target)) === "current") return;
  throw new StackGenerationError(
    `this stack server speaks the first generation of the stack API, which has no dashboard ${gaps.join(", ")}: it would drop them; remove them, or use a current server (API 2.36 or later)`,
  );
}
