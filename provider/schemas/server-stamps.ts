import { z } from "zod";
import { computed, type ComputedFields } from "./field-policy";

/**
 * The stamps the server writes on every object it keeps a history of (a pipe, an alert, a saved
 * search, a webhook): a kind's computed fields take them whole, so each is declared once.
 */
export const serverStamps = {
  /** When the object was created. */
  createdAt: computed(z.string()),
  /** When the object last changed. */
  updatedAt: computed(z.string()),
} satisfies ComputedFields;

/**
 * The stamps no change of the object moves: a native diff counts them stable, so a preview shows
 * no coming change of them (`fixedOutputs` of a kind that takes {@link serverStamps}).
 */
export const fixedStamps = ["createdAt"] as const satisfies readonly (keyof typeof serverStamps)[];
