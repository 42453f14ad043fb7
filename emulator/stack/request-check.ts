/**
 * How the current stack API checks a request: body, path parameters and query together,
 * every problem joined into one 400 message (`Body validation failed: ...; Params
 * validation failed: id: Invalid ObjectId`), plus the shared id and paging shapes.
 */
import { z } from "zod";
import { badRequest } from "../http/errors";
import { objectIdSchema } from "./tile-config-shape";

/** `limit` (1-1000, default 1000) and `offset` of a paged list. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** The `{id}` path parameter. */
export const idParamsSchema = z.object({ id: objectIdSchema });

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");
}

/** What a route checks; each part is parsed when its schema is given. */
interface RequestParts<B extends z.ZodTypeAny, P extends z.ZodTypeAny, Q extends z.ZodTypeAny> {
  body?: { schema: B; value: unknown };
  params?: { schema: P; value: unknown };
  query?: { schema: Q; value: unknown };
}

/**
 * Parses body, params and query, or throws one 400 naming every part that failed, in that
 * order, as the server joins them.
 */
export function validateRequest<B extends z.ZodTypeAny = z.ZodNever, P extends z.ZodTypeAny = z.ZodNever, Q extends z.ZodTypeAny = z.ZodNever>(
  parts: RequestParts<B, P, Q>,
): { body: z.output<B>; params: z.output<P>; query: z.output<Q> } {
  const failures: string[] = [];
  const run = <S extends z.ZodTypeAny>(label: string, part: { schema: S; value: unknown } | undefined): z.output<S> | undefined => {
    if (!part) return undefined;
    const result = part.schema.safeParse(part.value);
    if (result.success) return result.data as z.output<S>;
    failures.push(`${label} validation failed: ${describe(result.error)}`);
    return undefined;
  };
  const body = run("Body", parts.body);
  const params = run("Params", parts.params);
  const query = run("Query", parts.query);
  if (failures.length > 0) throw badRequest(failures.join("; "));
  return { body, params, query };
}
