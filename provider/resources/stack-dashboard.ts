import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { stackDashboardSpec, StackTileOutput } from "../schemas/stack-dashboard";
import type { StackContainerInput, StackFilterInput, stackSavedFilterValue } from "../schemas/stack-dashboard-extras";
import type { ArgsOf } from "./inputs";
import type { SchemaInput } from "./schema-input";
import { shim } from "./shim";
import type { ConnectionInput } from "./connection";
import { registeredOptions, registeredProps, type ClassSpec } from "./register";
import { dashboardServerOutputs, stackDashboardPolicy } from "../schemas/stack-dashboard-policy";
import { hasTypeToken, RESOURCE_MODULE, typeTokens } from "./type-tokens";

/**
 * Arguments of a {@link StackDashboard}: its name, tiles and tags, and (optionally) which stack
 * it lives on.
 */
export interface StackDashboardArgs extends ArgsOf<Omit<SchemaInput<typeof stackDashboardSpec>, "name">>, ConnectionInput {
  /** Dashboard name, up to 1024 characters. @default the resource name */
  name?: pulumi.Input<string>;
}

/** The dashboard's registration, from the dashboard policy. */
const spec = { policy: stackDashboardPolicy, serverOutputs: dashboardServerOutputs } satisfies ClassSpec;

/**
 * A dashboard of the observability stack, on the cloud proxy of a service or on an open-source
 * stack server (`pipestack:stackUrl`).
 *
 * Tiles are identified by `key` (default: their name). Each tile's server id is carried forward
 * on every update, so moving, resizing, reordering or adding tiles keeps the existing tiles and
 * the alerts on them; `tileIds` maps each key to its tile's id. A tile left out of `tiles` is
 * removed, and the server deletes the alerts on it. `filters`, `savedQuery`,
 * `savedQueryLanguage`, `savedFilterValues` and `containers` need a current server (API 2.36 or
 * later): a first-generation server would drop them, so the `up` is refused there, naming them.
 *
 * @example
 * const board = new StackDashboard("checkout", {
 *   tiles: [{ name: "Errors", x: 0, y: 0, w: 12, h: 4,
 *     series: [{ type: "time", dataSource: "events", aggFn: "count", where: "level:error" }] }],
 *   tags: ["checkout"],
 * });
 * new StackAlert("checkout-errors", { source: "tile", dashboardId: board.id, tileId: board.tileIds["Errors"],
 *   threshold: 10, thresholdType: "above", interval: "5m", channel: { type: "webhook", webhookId: "..." } });
 */
export class StackDashboard extends pulumi.dynamic.Resource {
  /**
   * The type token, `pulumi-nodejs:dynamic/pipestack:StackDashboard`: what policy packs match on
   * (`validateResourceOfType(StackDashboard, ...)` of the policy SDK reads it).
   */
  static readonly __pulumiType = typeTokens.StackDashboard;

  /** True when `obj` is a StackDashboard, also one made by another copy of this package. */
  static override isInstance(obj: unknown): obj is StackDashboard {
    return hasTypeToken(obj, StackDashboard.__pulumiType);
  }

  /** The dashboard's name. */
  declare readonly name: pulumi.Output<string>;
  /** The tiles as the server stores them, each with its `id` and its `key`. */
  declare readonly tiles: pulumi.Output<StackTileOutput[]>;
  /** Tile id by tile key (`key`, else `name`): `board.tileIds["Errors"]`. */
  declare readonly tileIds: pulumi.Output<Record<string, string>>;
  /** Tags, duplicates dropped. */
  declare readonly tags: pulumi.Output<string[]>;
  /** Dashboard-wide filters (current servers), each with the id the server gave it. */
  declare readonly filters: pulumi.Output<StackFilterInput[] | undefined>;
  /** Query applied to every tile (current servers). */
  declare readonly savedQuery: pulumi.Output<string | undefined>;
  /** Language of `savedQuery`, as the server keeps it. */
  declare readonly savedQueryLanguage: pulumi.Output<"lucene" | "sql" | undefined>;
  /** Filter values the dashboard opens with (current servers). */
  declare readonly savedFilterValues: pulumi.Output<z.output<typeof stackSavedFilterValue>[] | undefined>;
  /** Groups and tabs of tiles (current servers). */
  declare readonly containers: pulumi.Output<StackContainerInput[] | undefined>;
  /** The open-source server the dashboard lives on, when it does. */
  declare readonly stackUrl: pulumi.Output<string | undefined>;
  /** The cloud organization and service whose stack holds it, when it does. */
  declare readonly organizationId: pulumi.Output<string | undefined>;
  declare readonly serviceId: pulumi.Output<string | undefined>;

  constructor(name: string, args: StackDashboardArgs, opts?: pulumi.CustomResourceOptions) {
    super(shim("stack-dashboard"), name, registeredProps(spec, args, { name }), registeredOptions(spec, args, opts), RESOURCE_MODULE, "StackDashboard");
  }
}
