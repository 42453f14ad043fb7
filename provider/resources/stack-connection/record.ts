import { z } from "zod";
import { computedRecord } from "../../schemas/field-policy";
import { connectionComputed } from "./policy";

/** A connection as the server answers it: never its `password` (write-only); the two product-named fields under their wire names. */
export const connectionRecord = z
  .object({
    id: z.string().min(1),
    name: z.string().nullish(),
    host: z.string().nullish(),
    username: z.string().nullish(),
    hyperdxSettingPrefix: z.string().nullish(),
    isPrometheusEndpoint: z.boolean().nullish(),
    ...computedRecord(connectionComputed),
  })
  .passthrough();

export type ConnectionRecord = z.output<typeof connectionRecord>;
