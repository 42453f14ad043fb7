import { z } from "zod";
import { computedRecord } from "../../schemas/field-policy";
import { savedSearchComputed } from "./policy";

/** A saved search as the API returns it: the body with its defaults, `teamId`, timestamps. */
export const stackSavedSearchRecord = z
  .object({
    id: z.string().min(1),
    name: z.string().nullish(),
    sourceId: z.string().nullish(),
    select: z.string().nullish(),
    where: z.string().nullish(),
    whereLanguage: z.string().nullish(),
    orderBy: z.string().nullish(),
    tags: z.array(z.string()).nullish(),
    filters: z.array(z.object({}).passthrough()).nullish(),
    ...computedRecord(savedSearchComputed),
  })
  .passthrough();

export type StackSavedSearchRecord = z.output<typeof stackSavedSearchRecord>;
