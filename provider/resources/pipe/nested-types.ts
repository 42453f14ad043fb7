import type { destination, fieldMapping, pipeSettings, scaling } from "./schema";
import type { pipeSource } from "./source";
import type { ArgsOf } from "../../resource-class/inputs";
import type { SchemaInput } from "../../schemas/schema-input";

/**
 * Named shapes of a pipe's nested arguments, for programs that build them apart (a function that
 * returns a `DestinationArgs`). Each is the schema's input with every level an Input, exactly
 * what the resource's args take at that place, and with the schema's field docs (see
 * SchemaInput). The output shapes (`Destination`, `PipeSource`, ...) are the types of the outputs.
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
