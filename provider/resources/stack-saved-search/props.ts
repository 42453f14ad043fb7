import type { ComputedOutputs } from "../../schemas/field-policy";
import type { StackSavedSearchInput } from "./schema";
import type { savedSearchComputed } from "./policy";

/** A saved search's properties as the engine holds them: the program's spec and the serialized provider. */
export type SavedSearchInputs = StackSavedSearchInput & { __provider?: string };

/** A saved search's outputs: its inputs as the server reads them back, and the server's own fields. */
export type SavedSearchOutputs = SavedSearchInputs & ComputedOutputs<typeof savedSearchComputed>;
