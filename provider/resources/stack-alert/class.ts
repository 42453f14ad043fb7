import type * as pulumi from "@pulumi/pulumi";
import { DeclaredResource } from "../../resource-class/declared-resource";
import type { StackAlertArgs, StackAlertOutputs } from "../../public-types/generated";
import { declaration } from "./declaration";
import { dynamicTypeToken } from "../../resource-class/type-tokens";

export type { StackAlertArgs };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the outputs, generated from the declaration
export interface StackAlert extends StackAlertOutputs {}

/**
 * An alert of the observability stack: on a dashboard tile (`source: "tile"`, with
 * `dashboardId` and `tile` or `tileId`) or on a saved search (`source: "saved_search"`, or the
 * contract's `search`, with `savedSearchId`). Sent in the form of the server's generation.
 *
 * Every field updates in place (one PUT of the whole alert); moving it to another stack
 * (`stackUrl`, `organizationId`, `serviceId`) creates a new alert and deletes the old one. The
 * server deletes a tile alert when its tile or dashboard is removed, and an alert on a tile
 * that cannot carry one (only line, stacked_bar and number tiles can), so such a tile is
 * refused before any write. Naming the tile by `tile` (its name) keeps previews quiet while
 * only the dashboard changes; `tileId: board.tileIds[...]` shows a removed tile in the preview.
 *
 * @example
 * new StackAlert("checkout-errors", {
 *   source: "tile", dashboardId: board.id, tile: "Errors",
 *   threshold: 10, thresholdType: "above", interval: "5m",
 *   channels: [{ type: "webhook", webhookId: onCall.id }],
 *   message: "Checkout errors above 10 in 5 minutes",
 * });
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its outputs are the interface above
export class StackAlert extends DeclaredResource {
  /**
   * The type token, `pulumi-nodejs:dynamic/pipestack:StackAlert`: what policy packs match on
   * (`validateResourceOfType(StackAlert, ...)` of the policy SDK reads it).
   */
  static readonly __pulumiType = dynamicTypeToken(declaration.type);

  constructor(name: string, args: StackAlertArgs, opts?: pulumi.CustomResourceOptions) {
    super(declaration, name, args, opts);
  }
}
