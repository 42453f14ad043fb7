import type { stackSeries, stackTile } from "./schema";
import type { TileConfigInput } from "./config";
import type { stackContainer, stackFilter } from "./extras";
import type { ArgsOf } from "../../resource-class/inputs";
import type { SchemaInput } from "../../schemas/schema-input";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by the {@link} tags below
import type { StackDashboard } from "./class";

/**
 * Named shapes of a dashboard's nested arguments, for programs that build them apart (a list of
 * `StackTileArgs`): the schema's input with every level an Input, with the schema's field docs.
 */

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
