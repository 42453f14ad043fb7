import { z } from "zod";
import { computedRecord } from "../../schemas/field-policy";
import { engineType, gigabytes, millicores } from "./normalize";
import { pipeComputed } from "./policy";

/**
 * Right after a scaling change the API may read a quantity as 0, or in another unit (`"250m"`,
 * `"1Gi"`): parsed to the program's number, 0 read as not known yet.
 */
const quantity = (parse: (v: unknown) => number | undefined) =>
  z.preprocess((v) => {
    const n = parse(v);
    return n === 0 ? undefined : n;
  }, z.number().optional());

const object = z.record(z.unknown());

/**
 * A pipe as the API returns it, parsed into the program's forms: quantities as numbers, an
 * engine type without `()`. Unknown fields are kept; an answer that does not fit is an error
 * naming the field.
 */
export const pipeRecord = z
  .object({
    id: z.string().min(1),
    serviceId: z.string().nullish(),
    name: z.string().nullish(),
    ...computedRecord(pipeComputed),
    source: z.record(object.nullish()).nullish(),
    destination: z
      .object({
        tableDefinition: z
          .object({
            engine: z
              .object({ type: z.string().transform(engineType).nullish() })
              .passthrough()
              .nullish(),
          })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .nullish(),
    fieldMappings: z.array(object).nullish(),
    scaling: z
      .object({
        replicas: quantity((v) => (typeof v === "number" ? v : undefined)),
        concurrency: z.number().nullish(),
        replicaCpuMillicores: quantity(millicores),
        replicaMemoryGb: quantity(gigabytes),
      })
      .passthrough()
      .nullish(),
    settings: object.nullish(),
  })
  .passthrough();

/** A pipe as the API returns it, parsed. */
export type ApiPipe = z.output<typeof pipeRecord>;
