import { z } from "zod";

/** A data source of the stack, as the API lists it (read only; other fields kept as sent). */
export const stackSource = z
  .object({
    id: z.string(),
    /** Name shown in the stack, e.g. `Logs`. */
    name: z.string().nullish(),
    /** What it holds, e.g. `log`, `trace`, `metric`. */
    kind: z.string().nullish(),
    /** Id of the connection the source reads through. */
    connection: z.string().nullish(),
  })
  .passthrough();

export type StackSourceRecord = z.output<typeof stackSource>;
