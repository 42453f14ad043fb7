import type { StackDashboardInput, StackTileOutput } from "./schema";

/** A dashboard's properties as the engine holds them: the program's spec and the serialized provider. */
export type DashboardInputs = StackDashboardInput & { __provider?: string };

/** A dashboard's outputs: as the server stores it, tiles with their ids and keys. */
export type DashboardOutputs = Omit<DashboardInputs, "tiles"> & {
  tiles: StackTileOutput[];
  /** Tile id by tile key. */
  tileIds: Record<string, string>;
  /**
   * Tiles the program removed that the server still holds, because alerts watched them at the
   * update (see `pending-tiles.ts`): never in `tiles` nor `tileIds`. Absent when none.
   */
  pendingTiles?: StackTileOutput[];
};
