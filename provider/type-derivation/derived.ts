/**
 * The package's public types as zod and the field policies work them out: what
 * scripts/public-types.js reads to write generated.ts, the plain interfaces and literal unions
 * users' compilers see. Never exported from the package: a program that named these would make
 * its compiler instantiate zod's types on every check (see docs/development.md, "Public types").
 * Nothing of the package imports it (it stands above the kinds it reads: a kind's declaration is
 * checked against its own schema), so the one home of a kind's args is the generated file.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ArgsOf } from "../resource-class/inputs";
import type { ClassOutputs } from "../resource-class/class-outputs";
import type { SchemaInput } from "../schemas/schema-input";
import type { Connection } from "../schemas/connection";
import type { pipeSpecShape, destination, fieldMapping, pipeSettings, scaling } from "../resources/pipe/schema";
import type { pipeSource, SourceKind } from "../resources/pipe/source";
import type { pipeComputed, pipePolicy } from "../resources/pipe/policy";
import type { endpointSpecShape } from "../resources/reverse-private-endpoint/schema";
import type { endpointComputed, endpointPolicy } from "../resources/reverse-private-endpoint/policy";
import type { stackDashboardSpec, stackSeries, stackTile } from "../resources/stack-dashboard/schema";
import type { dashboardComputed, stackDashboardPolicy } from "../resources/stack-dashboard/policy";
import type { TileConfigInput } from "../resources/stack-dashboard/config";
import type { stackContainer, stackFilter } from "../resources/stack-dashboard/extras";
import type { alertChannel } from "../resources/stack-alert/channel";
import type { stackAlertSpec, StackAlertInput } from "../resources/stack-alert/schema";
import type { alertComputed, stackAlertPolicy } from "../resources/stack-alert/policy";
import type { stackSavedSearchSpec } from "../resources/stack-saved-search/schema";
import type { savedSearchComputed, stackSavedSearchPolicy } from "../resources/stack-saved-search/policy";
import type { stackWebhookSpec } from "../resources/stack-webhook/schema";
import type { stackWebhookPolicy, webhookComputed } from "../resources/stack-webhook/policy";
import type { stackConnectionSpec } from "../resources/stack-connection/schema";
import type { connectionComputed, stackConnectionPolicy } from "../resources/stack-connection/policy";
import type { stackSourceSpec } from "../resources/stack-source/schema";
import type { sourceComputed, stackSourcePolicy } from "../resources/stack-source/policy";
import type { KindField, KindTable } from "../resources/stack-source/kinds";
import type { settingKeys } from "../config";
export type { Settings } from "../config";
import type { ResourceTypeName } from "../registry";
import type { dynamicTypeToken } from "../resource-class/type-tokens";

export type { Connection };
export type { Destination, FieldMapping, PipeSettings, Scaling } from "../resources/pipe/schema";
export type { PipeSource } from "../resources/pipe/source";
export type { PipeSourceSecrets } from "../resources/pipe/secrets";
export type { CustomPrivateDnsMapping, EndpointType } from "../resources/reverse-private-endpoint/schema";
export type { StackTileInput, StackTileOutput, StackSeries } from "../resources/stack-dashboard/schema";
export type { TileConfigInput };
export type { AlertChannel } from "../resources/stack-alert/channel";
export type { SavedSearchFilter } from "../resources/stack-saved-search/schema";

/**
 * Exactly one of the fields `Keys` of `T` set, each level an Input as `ArgsOf` makes it: one member
 * per key, the other keys `?: never`, so a second source kind is a compile error naming the
 * field, as `check` would refuse it. The fields outside `Keys` stay as they are in every member.
 */
type OneOf<T, Keys extends keyof T> = {
  // `keyof Pick<T, ...>`: homomorphic mappings, so each field keeps its doc comment in every
  // member (an editor shows it whichever member it reads).
  [K in Keys]-?: ArgsOf<{ [P in keyof Pick<T, K>]-?: NonNullable<T[P]> }> & { [P in keyof Pick<T, Exclude<Keys, K>>]?: never } & ArgsOf<Omit<T, Keys>>;
}[Keys];

export type { ConnectionArgs, ConnectionInput } from "./connection-input";
import type { ConnectionInput } from "./connection-input";

/** A pipe's `source`: exactly one of `kafka`, `objectStorage`, `kinesis`, `pubsub`, `postgres`, `mysql`, `mongodb`, `bigquery`. */
export type PipeSourceArgs = OneOf<SchemaInput<typeof pipeSource>, SourceKind>;
/** A pipe's `destination`: database, table, whether the pipe manages it, its columns. */
export type DestinationArgs = ArgsOf<SchemaInput<typeof destination>>;
/** One of a pipe's `fieldMappings`: a source field into a destination column. */
export type FieldMappingArgs = ArgsOf<SchemaInput<typeof fieldMapping>>;
/** A pipe's `scaling`: replicas and their size. */
export type ScalingArgs = ArgsOf<SchemaInput<typeof scaling>>;
/** A pipe's `settings`, names exactly as the API spells them. */
export type PipeSettingsArgs = ArgsOf<SchemaInput<typeof pipeSettings>>;

/**
 * Arguments of a {@link Pipe}: the create body of the API (`source` with exactly one source
 * kind; `destination`; `fieldMappings`; `scaling`;
 * `settings`), plus where it lives and how long to wait for it.
 */
export interface PipeArgs extends ArgsOf<Omit<SchemaInput<typeof pipeSpecShape>, "name" | "source">>, ConnectionInput {
  /**
   * Where the pipe reads: exactly one of `kafka`, `objectStorage`, `kinesis`, `pubsub`, `postgres`, `mysql`, `mongodb`, `bigquery`.
   * Credentials in it are kept as secrets.
   */
  source: pulumi.Input<PipeSourceArgs>;
  /** Pipe name, 1-255 characters. @default the resource name */
  name?: pulumi.Input<string>;
  /**
   * Adopt the existing pipe with this id instead of creating one. It must exist and may differ
   * from the program only in fields that change in place (those are applied).
   */
  adoptId?: pulumi.Input<string>;
}
/** The outputs of a {@link Pipe}, one per field of its schema and per computed field of its policy. */
export type PipeOutputs = ClassOutputs<typeof pipeSpecShape, typeof pipePolicy, typeof pipeComputed>;

/**
 * Arguments of a {@link ReversePrivateEndpoint}: the create body of the API (`type` and the
 * fields that type needs, `description`, `customPrivateDnsMappings`), plus where it lives and
 * how long to wait for it.
 */
export interface ReversePrivateEndpointArgs extends ArgsOf<Omit<SchemaInput<typeof endpointSpecShape>, "adoptId">>, ConnectionInput {
  /**
   * Adopt the existing endpoint with this id instead of creating one. It must exist and may
   * differ from the program only in `customPrivateDnsMappings` (those are applied).
   */
  adoptId?: pulumi.Input<string>;
}
/** The outputs of a {@link ReversePrivateEndpoint}. */
export type ReversePrivateEndpointOutputs = ClassOutputs<typeof endpointSpecShape, typeof endpointPolicy, typeof endpointComputed>;

/** One tile of a {@link StackDashboard}'s `tiles`. */
export type StackTileArgs = ArgsOf<SchemaInput<typeof stackTile>>;
/** One query of a tile's `series`. */
export type StackSeriesArgs = ArgsOf<SchemaInput<typeof stackSeries>>;
/** A tile's `config` (current servers): a builder tile of one display type, or a raw SQL tile. */
export type StackTileConfigArgs = ArgsOf<TileConfigInput>;
/** One of a dashboard's `filters` (current servers). */
export type StackFilterArgs = ArgsOf<SchemaInput<typeof stackFilter>>;
/** One of a dashboard's `containers` (current servers). */
export type StackContainerArgs = ArgsOf<SchemaInput<typeof stackContainer>>;

/**
 * Arguments of a {@link StackDashboard}: its name, tiles and tags, and (optionally) which stack
 * it lives on.
 */
export interface StackDashboardArgs extends ArgsOf<Omit<SchemaInput<typeof stackDashboardSpec>, "name">>, ConnectionInput {
  /** Dashboard name, up to 1024 characters. @default the resource name */
  name?: pulumi.Input<string>;
}
/** The outputs of a {@link StackDashboard} (its `tiles` as the server stores them, with their ids). */
export type StackDashboardOutputs = ClassOutputs<typeof stackDashboardSpec, typeof stackDashboardPolicy, typeof dashboardComputed>;

/** A {@link StackAlert}'s `channel`: the schema's input with every level an Input, with its field docs. */
export type AlertChannelArgs = ArgsOf<SchemaInput<typeof alertChannel>>;
/** A {@link StackAlert}'s `interval`: `1m 5m 15m 30m 1h 6h 12h 1d`. */
export type AlertInterval = StackAlertInput["interval"];

/**
 * Arguments of a {@link StackAlert}: the request fields of the stack API's alert, and
 * (optionally) which stack it lives on.
 */
export interface StackAlertArgs extends ArgsOf<Omit<SchemaInput<typeof stackAlertSpec>, "name">>, ConnectionInput {
  /** Alert name, at most 512 characters; `""`: no name (the server's alerts may have none). @default the resource name */
  name?: pulumi.Input<string>;
}
/** The outputs of a {@link StackAlert}. */
export type StackAlertOutputs = ClassOutputs<typeof stackAlertSpec, typeof stackAlertPolicy, typeof alertComputed>;

/**
 * Arguments of a {@link StackSavedSearch}: the stack API's saved-search body, and (optionally)
 * which stack it lives on.
 */
export interface StackSavedSearchArgs extends ArgsOf<Omit<SchemaInput<typeof stackSavedSearchSpec>, "name">>, ConnectionInput {
  /** Saved search name, 1-1024 characters. @default the resource name */
  name?: pulumi.Input<string>;
}
/** The outputs of a {@link StackSavedSearch}. */
export type StackSavedSearchOutputs = ClassOutputs<typeof stackSavedSearchSpec, typeof stackSavedSearchPolicy, typeof savedSearchComputed>;

/**
 * Arguments of a {@link StackWebhook}: the stack API's webhook body, and (optionally) which
 * stack it lives on.
 */
export interface StackWebhookArgs extends ArgsOf<Omit<SchemaInput<typeof stackWebhookSpec>, "name">>, ConnectionInput {
  /** Name, 1-1024 characters; unique per `service` on the stack. @default the resource name */
  name?: pulumi.Input<string>;
}
/** The outputs of a {@link StackWebhook}. */
export type StackWebhookOutputs = ClassOutputs<typeof stackWebhookSpec, typeof stackWebhookPolicy, typeof webhookComputed>;

/**
 * Arguments of a {@link StackConnection}: the stack API's connection body (two fields under
 * neutral names), and (optionally) which stack it lives on.
 */
export interface StackConnectionArgs extends ArgsOf<Omit<SchemaInput<typeof stackConnectionSpec>, "name">>, ConnectionInput {
  /** Name shown in the stack, 1-1024 characters. @default the resource name */
  name?: pulumi.Input<string>;
}
/** The outputs of a {@link StackConnection} (the password's fingerprint only). */
export type StackConnectionOutputs = ClassOutputs<typeof stackConnectionSpec, typeof stackConnectionPolicy, typeof connectionComputed>;

type SourceSpecInput = SchemaInput<typeof stackSourceSpec>;
type KindRequired<K extends keyof KindTable> = KindTable[K]["required"][number];
type KindOptional<K extends keyof KindTable> = KindTable[K]["optional"][number];
/**
 * A source of kind `K`: the fields every kind takes, the kind's required fields required, its
 * optional ones optional, every other kind's field `?: never` (a compile error naming it, as
 * `check` refuses it). Worked out from the kinds table (`resources/stack-source/kinds.ts`).
 */
type SourceOfKind<K extends keyof KindTable> = ArgsOf<Omit<SourceSpecInput, "name" | "kind" | KindField>> &
  ConnectionInput & {
    /** Name shown in the stack. @default the resource name */
    name?: pulumi.Input<string>;
    /** What the table holds; it says which other fields the source takes. */
    kind: K;
  } & ArgsOf<{ [P in keyof Pick<SourceSpecInput, KindRequired<K>>]-?: NonNullable<SourceSpecInput[P]> }> &
  ArgsOf<Pick<SourceSpecInput, KindOptional<K>>> & { [P in keyof Pick<SourceSpecInput, Exclude<KindField, KindRequired<K> | KindOptional<K>>>]?: never };

/** Arguments of a `log` {@link StackSource}. */
export type StackLogSourceArgs = SourceOfKind<"log">;
/** Arguments of a `trace` {@link StackSource}. */
export type StackTraceSourceArgs = SourceOfKind<"trace">;
/** Arguments of a `metric` {@link StackSource}. */
export type StackMetricSourceArgs = SourceOfKind<"metric">;
/** Arguments of a `session` {@link StackSource}. */
export type StackSessionSourceArgs = SourceOfKind<"session">;
/** Arguments of a `promql` {@link StackSource}. */
export type StackPromqlSourceArgs = SourceOfKind<"promql">;
/** Arguments of a {@link StackSource}: one kind's fields (by `kind`), the connection and table, and (optionally) which stack it lives on. */
export type StackSourceArgs = StackLogSourceArgs | StackTraceSourceArgs | StackMetricSourceArgs | StackSessionSourceArgs | StackPromqlSourceArgs;
/** The outputs of a {@link StackSource}. */
export type StackSourceOutputs = ClassOutputs<typeof stackSourceSpec, typeof stackSourcePolicy, typeof sourceComputed>;

export type * from "./list-function-types";

/** Every setting, its environment variable, and whether it is secret. */
export type SettingKeys = typeof settingKeys;

/** The dynamic face's type token of each kind (`pulumi-nodejs:dynamic/pipestack:Pipe`): what policy packs match on. */
export type TypeTokens = { readonly [N in ResourceTypeName]: ReturnType<typeof dynamicTypeToken<N>> };
