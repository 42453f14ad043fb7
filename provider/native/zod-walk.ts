import { z, type ZodTypeAny } from "zod";

/** A zod schema with its optional, nullable, default, refinement and pipe wrappers taken off. Pure. */
export function unwrap(t: ZodTypeAny): ZodTypeAny {
  let node = t;
  for (;;) {
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable) node = node.unwrap() as ZodTypeAny;
    else if (node instanceof z.ZodDefault) node = node.removeDefault() as ZodTypeAny;
    else if (node instanceof z.ZodEffects) node = node.innerType() as ZodTypeAny;
    else if (node instanceof z.ZodPipeline) node = node._def.in as ZodTypeAny;
    else if (node instanceof z.ZodLazy) node = node.schema as ZodTypeAny;
    else return node;
  }
}
