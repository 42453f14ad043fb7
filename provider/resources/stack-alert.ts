import * as pulumi from "@pulumi/pulumi";
import type { AlertChannel, stackAlertSpec, StackAlertInput } from "../schemas/stack-alert";
import type { ArgsOf } from "./inputs";
import type { SchemaInput } from "./schema-input";
import { shim } from "./shim";
import type { ConnectionInput } from "./connection";
import { registeredOptions, registeredProps, type ClassSpec } from "./register";
import { alertServerOutputs, stackAlertPolicy } from "../schemas/stack-alert-policy";
import { hasTypeToken, RESOURCE_MODULE, typeTokens } from "./type-tokens";

/**
 * Arguments of a {@link StackAlert}: the request fields of the stack API's alert, and
 * (optionally) which stack it lives on.
 */
export interface StackAlertArgs extends ArgsOf<Omit<SchemaInput<typeof stackAlertSpec>, "name">>, ConnectionInput {
  /** Alert name, 1-512 characters. @default the resource name */
  name?: pulumi.Input<string>;
}

/** The alert's registration, from the alert policy. */
const spec = { policy: stackAlertPolicy, serverOutputs: alertServerOutputs } satisfies ClassSpec;

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
export class StackAlert extends pulumi.dynamic.Resource {
  /**
   * The type token, `pulumi-nodejs:dynamic/pipestack:StackAlert`: what policy packs match on
   * (`validateResourceOfType(StackAlert, ...)` of the policy SDK reads it).
   */
  static readonly __pulumiType = typeTokens.StackAlert;

  /** True when `obj` is a StackAlert, also one made by another copy of this package. */
  static override isInstance(obj: unknown): obj is StackAlert {
    return hasTypeToken(obj, StackAlert.__pulumiType);
  }

  declare readonly name: pulumi.Output<string>;
  declare readonly message: pulumi.Output<string | undefined>;
  declare readonly threshold: pulumi.Output<number>;
  declare readonly interval: pulumi.Output<StackAlertInput["interval"]>;
  declare readonly note: pulumi.Output<string | undefined>;
  declare readonly thresholdType: pulumi.Output<StackAlertInput["thresholdType"]>;
  declare readonly thresholdMax: pulumi.Output<number | undefined>;
  declare readonly source: pulumi.Output<StackAlertInput["source"]>;
  declare readonly channel: pulumi.Output<AlertChannel | undefined>;
  declare readonly channels: pulumi.Output<AlertChannel[] | undefined>;
  declare readonly numConsecutiveWindows: pulumi.Output<number | undefined>;
  declare readonly scheduleOffsetMinutes: pulumi.Output<number | undefined>;
  declare readonly scheduleStartAt: pulumi.Output<string | undefined>;
  declare readonly dashboardId: pulumi.Output<string | undefined>;
  /** The tile's id: as given, or resolved from `tile` when applied. */
  declare readonly tileId: pulumi.Output<string | undefined>;
  declare readonly tile: pulumi.Output<string | undefined>;
  declare readonly savedSearchId: pulumi.Output<string | undefined>;
  /** `inactive` (first generation) or `OK` (current servers) when new; then as the server evaluates it. */
  declare readonly state: pulumi.Output<string>;
  /** Team that owns the alert. */
  declare readonly team: pulumi.Output<string | undefined>;
  declare readonly groupBy: pulumi.Output<string | undefined>;
  declare readonly silenced: pulumi.Output<boolean | undefined>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  declare readonly stackUrl: pulumi.Output<string | undefined>;
  declare readonly organizationId: pulumi.Output<string | undefined>;
  declare readonly serviceId: pulumi.Output<string | undefined>;

  constructor(name: string, args: StackAlertArgs, opts?: pulumi.CustomResourceOptions) {
    super(shim("stack-alert"), name, registeredProps(spec, args, { name }), registeredOptions(spec, args, opts), RESOURCE_MODULE, "StackAlert");
  }
}
