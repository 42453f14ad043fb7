import { z } from "zod";

/** A source as the server answers it: its kind's fields (the connection's id as `connection`); every other field kept as sent. */
export const sourceRecord = z
  .object({
    id: z.string().min(1),
    name: z.string().nullish(),
    kind: z.string().nullish(),
    connection: z.string().nullish(),
    from: z.object({ databaseName: z.string().nullish(), tableName: z.string().nullish() }).passthrough().nullish(),
    traceSourceId: z.string().nullish(),
    logSourceId: z.string().nullish(),
    metricSourceId: z.string().nullish(),
    sessionSourceId: z.string().nullish(),
  })
  .passthrough();

export type SourceRecord = z.output<typeof sourceRecord>;
