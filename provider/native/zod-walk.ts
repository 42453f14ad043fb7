import { z, type ZodTypeAny } from "zod";
import { formsOf } from "../schemas/union-forms";

/**
 * A zod schema with its optional, nullable, default, refinement and pipe wrappers taken off,
 * stopping at a schema that declares its object forms (`withForms`: what it checks by a function
 * of its own is those forms, which the wrappers inside it would hide). Pure.
 */
export function unwrap(t: ZodTypeAny): ZodTypeAny {
  let node = t;
  for (;;) {
    if (formsOf(node)) return node;
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable) node = node.unwrap() as ZodTypeAny;
    else if (node instanceof z.ZodDefault) node = node.removeDefault() as ZodTypeAny;
    else if (node instanceof z.ZodEffects) node = node.innerType() as ZodTypeAny;
    else if (node instanceof z.ZodPipeline) node = node._def.in as ZodTypeAny;
    else if (node instanceof z.ZodLazy) node = node.schema as ZodTypeAny;
    else return node;
  }
}
