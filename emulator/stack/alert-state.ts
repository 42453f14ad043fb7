/**
 * Forcing an alert's evaluation state and silence from the control API, in the form of the
 * generation served: the contract's (any state string, `silenced` a boolean) or the
 * current server's (`ALERT | OK | INSUFFICIENT_DATA | DISABLED | PENDING`, `silenced`
 * absent or `{by?, at, until}`). The emulator never evaluates alerts itself.
 */
import { z } from "zod";
import type { StackApiVersion } from "./generation";
import type { StackStore } from "./store";
import type { StoredAlert } from "./records";

/** States an alert of the current server can be in. */
export const CURRENT_ALERT_STATES = ["ALERT", "OK", "INSUFFICIENT_DATA", "DISABLED", "PENDING"] as const;

const contractForm = z.object({ state: z.string().min(1).optional(), silenced: z.boolean().optional() }).strict();
const currentForm = z
  .object({
    state: z.enum(CURRENT_ALERT_STATES).optional(),
    silenced: z.object({ by: z.string().optional(), at: z.string().datetime(), until: z.string().datetime() }).strict().nullable().optional(),
  })
  .strict();

/** The schema of a state change for a generation. */
export function alertStateSchema(version: StackApiVersion): z.ZodTypeAny {
  return version === "2.0.0" ? contractForm : currentForm;
}

/** The alert with that id in any of the stacks, or undefined. */
export function findAlert(stacks: Iterable<StackStore>, id: string): StoredAlert | undefined {
  for (const stack of stacks) {
    const found = stack.alerts.get(id);
    if (found) return found;
  }
  return undefined;
}

/** Applies an already parsed change. */
export function applyAlertState(alert: StoredAlert, change: { state?: string; silenced?: boolean | { by?: string; at: string; until: string } | null }): void {
  if (change.state !== undefined) alert.state = change.state;
  if (change.silenced !== undefined) alert.silenced = change.silenced;
}
