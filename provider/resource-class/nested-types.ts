import type { destination, fieldMapping, pipeSettings, scaling } from "../resources/pipe/schema";
import type { pipeSource } from "../resources/pipe/source";
import type { alertChannel, StackAlertInput } from "../resources/stack-alert/schema";
import type { stackSeries, stackTile } from "../resources/stack-dashboard/schema";
import type { TileConfigInput } from "../resources/stack-dashboard/config";
import type { stackContainer, stackFilter } from "../resources/stack-dashboard/extras";
import type { ArgsOf } from "./inputs";
import type { SchemaInput } from "../schemas/schema-input";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by the {@link} tags below
import type { StackAlert } from "../resources/stack-alert/class";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by the {@link} tags below
import type { StackDashboard } from "../resources/stack-dashboard/class";

/**
 * Named shapes of the nested arguments, for programs that build them apart (a function that
 * returns a `DestinationArgs`, a list of `StackTileArgs`). Each is the schema's input with every
 * level an Input, exactly what the resource's args take at that place, and with the schema's
 * field docs (see SchemaInput). The output shapes (`Destination`, `PipeSource`, ...) are the
 * types of the resources' outputs.
 */

/** A pipe's `source`: exactly one of `kafka`, `objectStorage`, `kinesis`, `pubsub`, `postgres`, `mysql`, `mongodb`, `bigquery`. */
export type PipeSourceArgs = ArgsOf<SchemaInput<typeof pipeSource>>;
/** A pipe's `destination`: database, table, whether the pipe manages it, its columns. */
export type DestinationArgs = ArgsOf<SchemaInput<typeof destination>>;
/** One of a pipe's `fieldMappings`: a source field into a destination column. */
export type FieldMappingArgs = ArgsOf<SchemaInput<typeof fieldMapping>>;
/** A pipe's `scaling`: replicas and their size. */
export type ScalingArgs = ArgsOf<SchemaInput<typeof scaling>>;
/** A pipe's `settings`, names exactly as the API spells them. */
export type PipeSettingsArgs = ArgsOf<SchemaInput<typeof pipeSettings>>;
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
/** A {@link StackAlert}'s `channel`. */
export type AlertChannelArgs = ArgsOf<SchemaInput<typeof alertChannel>>;
/** A {@link StackAlert}'s `interval`: `1m 5m 15m 30m 1h 6h 12h 1d`. */
export type AlertInterval = StackAlertInput["interval"];
