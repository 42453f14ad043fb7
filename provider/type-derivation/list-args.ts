import type { z } from "zod";
import type { ArgsOf } from "../resource-class/inputs";
import type { Connection } from "../schemas/connection";
import type { SchemaInput } from "../schemas/schema-input";
import type { ConnectionInput } from "./connection-input";

/** What every list function's args are made of: a listing's args schema (`engine/listing.ts`). */
interface Listed {
  readonly args: z.ZodTypeAny;
  readonly item: z.ZodTypeAny;
}

/** A list function's arguments (its Promise form): its args schema's fields, and `connection`. */
export type ListArgs<L extends Listed> = SchemaInput<L["args"]> & {
  /** Where and as whom to reach the service for this call alone; each field left out comes from stack config `pipestack:*`, then `PIPESTACK_*`. */
  connection?: Connection;
};

/** A list function's arguments in its Output form: each an Input, `connection` as resources take it. */
export type ListOutputArgs<L extends Listed> = ArgsOf<SchemaInput<L["args"]>> & ConnectionInput;

/** One item a list function answers: its item schema's output (the fields a program may hold). */
export type ListItem<L extends Listed> = z.output<L["item"]>;
