import type { z, ZodType, ZodTypeAny } from "zod";
import { formatPath } from "../schemas/check-failures";
import { MalformedAnswerError } from "../errors/operation-errors";

/**
 * Parses an API answer with its schema, or throws naming the request and the field that did not
 * fit (`GET pipes/p1: unexpected answer from the API (scaling.replicas: Expected number, ...)`).
 */
export function parsed<S extends ZodTypeAny>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.output<S>;
  const issue = result.error.issues[0];
  throw new MalformedAnswerError(`${what}: unexpected answer from the API (${formatPath(issue.path) || "body"}: ${issue.message})`);
}

/**
 * The answer to a request about the object `id` (its read, its PUT or PATCH), refused when it
 * carries another object's id: an object read back must be the one asked for, never recorded
 * under the id asked for. Ids that differ only in case are the same object (UUIDs and hex ids).
 */
export function answerFor(id: string, value: unknown, what: string): unknown {
  const got = value !== null && typeof value === "object" ? (value as { id?: unknown }).id : undefined;
  if (typeof got === "string" && got.toLowerCase() === id.toLowerCase()) return value;
  const shown = typeof got === "string" ? `id ${got}` : "no id";
  throw new MalformedAnswerError(`${what}: unexpected answer from the API (another object: ${shown}, but ${id} was asked for); it is not recorded as ${id}`);
}

/** {@link parsed} for the answer about one object: also {@link answerFor} it. */
export function parsedOne<S extends ZodType<{ id: string }, z.ZodTypeDef, unknown>>(schema: S, value: unknown, what: string, id: string): z.output<S> {
  return parsed(schema, answerFor(id, value, what), what);
}
