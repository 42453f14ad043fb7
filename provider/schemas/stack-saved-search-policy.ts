import type { FieldPolicy } from "./field-policy";
import type { StackSavedSearchInput } from "./stack-saved-search";
import { stackObjectPolicy, type StackPatch } from "./stack-target";

const put = { change: "update", patch: "put" } as const;

/**
 * Every field of a saved search and its life cycle: the PUT takes the whole body, so each
 * changes in place; only a move to another stack needs a new saved search (and the alerts on
 * the old one go with it).
 */
export const stackSavedSearchPolicy = {
  name: put,
  sourceId: put,
  select: put,
  where: put,
  whereLanguage: put,
  orderBy: put,
  tags: put,
  filters: put,
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackSavedSearchInput, StackPatch>;

/** Outputs of the server's own: read from every answer, never the program's to compare. */
export const savedSearchServerOutputs = ["teamId", "createdAt", "updatedAt"] as const;
