/**
 * Whose a preview's warning is. The engine's JSON cannot tell: a provider and the program both
 * write to the engine's one log service, with any URN. So a warning is this provider's only when
 * it is one of the provider's own forms, whole (the forms sit beside the functions that word
 * them); any other warning, on any resource, is the program's (or another provider's) and is
 * shown as such, never with the provider's mark. A program can still copy one of the forms
 * word for word, but then it can only say what the provider would: that something is lost.
 */
import { CREDENTIALS_WARNING_FORM } from "../native/imported-inputs";
import { KEPT_ON_SERVER_WARNING_FORMS } from "../progress/kept-warnings";
import { REMOVED_TILE_WARNING_FORMS } from "../resources/stack-dashboard/removed-tiles";
import { SORT_ORDER_WARNING_FORM } from "../resources/stack-dashboard/series-sort-order";

/**
 * Every form of warning this provider's engine sends at preview: the registry a test walks. No
 * form takes free text: each free part is an id, a number, a property path or a quoted value.
 */
export const PROVIDER_WARNING_FORMS: readonly RegExp[] = [
  ...REMOVED_TILE_WARNING_FORMS,
  SORT_ORDER_WARNING_FORM,
  CREDENTIALS_WARNING_FORM,
  ...KEPT_ON_SERVER_WARNING_FORMS,
];

/** Who wrote a warning: the provider's engine, or anyone else (the program, another provider). */
export type WarningAuthor = "provider" | "program";

/** Whose `message` (as the engine printed it, its severity word removed) is. Pure. */
export function authorOf(message: string): WarningAuthor {
  return PROVIDER_WARNING_FORMS.some((f) => f.test(message)) ? "provider" : "program";
}
