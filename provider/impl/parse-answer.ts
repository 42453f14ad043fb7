import type { z, ZodTypeAny } from "zod";
import { formatPath } from "../schemas/check-failures";
import { MalformedAnswerError } from "../errors/malformed-answer";

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
