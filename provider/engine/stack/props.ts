import type { ComputedOutputs } from "../../schemas/field-policy";
import type { StackAlertInput } from "../../resources/stack-alert/schema";
import type { alertComputed } from "../../resources/stack-alert/policy";
import type { savedSearchComputed } from "../../resources/stack-saved-search/policy";
import type { StackDashboardInput, StackTileOutput } from "../../resources/stack-dashboard/schema";
import type { StackSavedSearchInput } from "../../resources/stack-saved-search/schema";

/** A dashboard's properties as the engine holds them: the program's spec and the serialized provider. */
export type DashboardInputs = StackDashboardInput & { __provider?: string };

/** A dashboard's outputs: as the server stores it, tiles with their ids and keys. */
export type DashboardOutputs = Omit<DashboardInputs, "tiles"> & {
  tiles: StackTileOutput[];
  /** Tile id by tile key. */
  tileIds: Record<string, string>;
};

/** An alert's properties as the engine holds them: the program's spec and the serialized provider. */
export type AlertInputs = StackAlertInput & { __provider?: string };

/** An alert's outputs: its inputs as the server reads them back, and the server's own fields. */
export type AlertOutputs = AlertInputs & ComputedOutputs<typeof alertComputed>;

/** A saved search's properties as the engine holds them: the program's spec and the serialized provider. */
export type SavedSearchInputs = StackSavedSearchInput & { __provider?: string };

/** A saved search's outputs: its inputs as the server reads them back, and the server's own fields. */
export type SavedSearchOutputs = SavedSearchInputs & ComputedOutputs<typeof savedSearchComputed>;
