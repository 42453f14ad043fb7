import type { alertChannel, StackAlertInput } from "./schema";
import type { ArgsOf } from "../../resource-class/inputs";
import type { SchemaInput } from "../../schemas/schema-input";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by the {@link} tags below
import type { StackAlert } from "./class";

/** A {@link StackAlert}'s `channel`: the schema's input with every level an Input, with its field docs. */
export type AlertChannelArgs = ArgsOf<SchemaInput<typeof alertChannel>>;
/** A {@link StackAlert}'s `interval`: `1m 5m 15m 30m 1h 6h 12h 1d`. */
export type AlertInterval = StackAlertInput["interval"];
