import { z } from "zod";
import type { SchemaInput } from "./schema-input";
import type { FieldPolicy } from "./field-policy";
import { address, inPlace, instruction } from "./field-rules";
import { objectId, pathId } from "./refinements/ids";
import { httpUrl } from "./refinements/urls";

/**
 * Where a dashboard, alert or source list lives: the stack of a cloud service (through the cloud
 * API's `/stack` proxy) or an open-source stack server. Shared by every stack resource.
 */
const stackTargetFields = {
  /**
   * Organization of the cloud service whose stack holds the object. Naming it (or `serviceId`)
   * on a resource selects the cloud proxy even when `pipestack:stackUrl` is set.
   * @default stack config `pipestack:organizationId`, then `PIPESTACK_ORGANIZATION_ID`
   */
  organizationId: pathId.optional(),
  /**
   * The cloud service whose stack holds the object.
   * @default stack config `pipestack:serviceId`, then `PIPESTACK_SERVICE_ID`
   */
  serviceId: pathId.optional(),
  /**
   * Base URL of an open-source stack server, without `/api/v2`: selects it instead of the cloud
   * proxy. Its access key comes from `pipestack:stackToken` (secret) or `PIPESTACK_STACK_TOKEN`.
   * @default stack config `pipestack:stackUrl`, then `PIPESTACK_STACK_URL`; unset: the cloud proxy
   */
  stackUrl: httpUrl("https://stack.example.com").optional(),
};

/** The arguments of a function that reads a stack: which stack, nothing else. */
export const stackTargetArgs = z.object(stackTargetFields).strict();

/** Fields every managed stack object (dashboard, alert, saved search) takes: where it lives, and adoption. */
const stackObjectFields = {
  /** Adopt the existing object with this id instead of creating one (see the README). */
  adoptId: objectId.optional(),
  ...stackTargetFields,
};
type StackObjectFields = typeof stackObjectFields;

/**
 * The schema of a managed stack object: its own fields `F` and the fields every stack object
 * takes, strict. A named type, so that each resource's `.d.ts` says
 * `StackObjectSchema<{ ...its own fields }>`: a type spelled out there would repeat the stack
 * object fields without their docs, and an editor would show none on hover.
 */
export type StackObjectSchema<F extends z.ZodRawShape> = z.ZodObject<F & StackObjectFields, "strict">;

/** A managed stack object's schema, from its own fields (the stack object fields follow them). */
export function stackObject<F extends z.ZodRawShape>(fields: F): StackObjectSchema<F> {
  return z.object({ ...fields, ...stackObjectFields }).strict();
}

/** What a program may write to choose the target. */
export type StackTargetInput = SchemaInput<z.ZodObject<typeof stackTargetFields>>;

/** How an in-place change of a stack object is sent: one PUT of the whole object. */
export type StackPatch = "put";

/** An in-place change of a stack object's field: sent in the PUT of the whole object. */
export const put = inPlace("put");

/**
 * The life cycle of the fields every managed stack object takes: a move to another stack needs
 * a new object; `adoptId` only says where the object came from, so changing it changes nothing.
 */
export const stackObjectPolicy = {
  adoptId: instruction("none"),
  organizationId: address,
  serviceId: address,
  stackUrl: address,
} as const satisfies FieldPolicy<z.input<z.ZodObject<typeof stackObjectFields>>, StackPatch>;
