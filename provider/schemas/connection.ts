import { z } from "zod";
import type { SchemaInput } from "./schema-input";
import { validate, type CheckFailure } from "./check-failures";
import { pathId } from "./refinements/ids";
import { httpUrl } from "./refinements/urls";
import { containsUnknown } from "./unknown";

/**
 * Where and as whom one resource (or function call) talks to the service: the same settings as
 * the stack config `pipestack:*`, for this resource alone. Every field is optional; one left out
 * comes from stack config, then from the `PIPESTACK_*` environment variables.
 */
export const connectionShape = {
  /** Base URL of the cloud management API, without `/v1`. @default `pipestack:apiUrl` */
  apiUrl: httpUrl("https://api.example.com").optional(),
  /** Id of the cloud API key. @default `pipestack:keyId` */
  keyId: z.string().min(1).optional(),
  /** Secret of the cloud API key. @default `pipestack:keySecret` */
  keySecret: z.string().min(1).optional(),
  /** Organization of the objects, unless a resource names its own `organizationId`. @default `pipestack:organizationId` */
  organizationId: pathId.optional(),
  /** Service of the objects, unless a resource names its own `serviceId`. @default `pipestack:serviceId` */
  serviceId: pathId.optional(),
  /** Base URL of an open-source stack server, without `/api/v2` (stack resources only). @default `pipestack:stackUrl` */
  stackUrl: httpUrl("https://stack.example.com").optional(),
  /** Access key of that stack server. @default `pipestack:stackToken` */
  stackToken: z.string().min(1).optional(),
};

/** A connection as a resource's `connection` input holds it; no other key is taken. */
export const connectionSchema = z.object(connectionShape).strict();

/**
 * A connection to one account: pass it as `connection` to a resource or function to manage
 * objects of another organization, with other keys, than the stack config names.
 */
// Built from the shape so each field keeps its doc comment on hover (see SchemaInput).
export type Connection = SchemaInput<typeof connectionSchema>;

/** The connection fields whose values are credentials. */
export const CONNECTION_SECRETS = ["keySecret", "stackToken"] as const satisfies readonly (keyof Connection)[];

/** The property that carries a resource's connection, in its inputs and outputs. */
export const CONNECTION_KEY = "connection";

/**
 * Why a connection cannot be used, each with its path (`connection.apiUrl`), never its value.
 * Absent is fine; values not known yet (a preview) pass.
 */
export function connectionFailures(value: unknown): CheckFailure[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "object" || Array.isArray(value)) {
    return containsUnknown(value)
      ? []
      : [{ property: CONNECTION_KEY, reason: "must be an object such as { apiUrl, keyId, keySecret, organizationId, serviceId }" }];
  }
  const result = validate(connectionSchema, value);
  if (result.ok) return [];
  return result.failures.map((f) => ({ property: `${CONNECTION_KEY}.${f.property}`, reason: f.reason }));
}
