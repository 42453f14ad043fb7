import { z } from "zod";
import { objectId } from "../../schemas/refinements/ids";
import { PINNED_FILTER_RULE, isSidebarFilter } from "../../schemas/refinements/pinned-filter";
import { containsUnknown } from "../../schemas/unknown";
import { stackObject } from "../../schemas/stack-target";

/**
 * A saved search of the stack (current servers; notes: "Server generations"): the server's
 * saved-search body, field for field. PUT replaces it whole; an omitted field falls back to
 * its default (`""`, `lucene`, `[]`).
 */

/** A filter as a condition in a query language. */
const conditionFilter = z
  .object({
    /** Language of the condition; the server takes only `sql` through its API. @default "sql" */
    type: z.enum(["lucene", "sql"]).optional(),
    /** The condition, one sidebar facet: `ServiceName IN ('checkout')`, `NOT IN (...)` or `Duration BETWEEN 0 AND 500`; at most 8192 characters. */
    condition: z.string().max(8192, "must be at most 8192 characters"),
  })
  .strict();

/** A filter as a comparison of two SQL expressions (the server reads it back, but refuses it on write). */
const comparisonFilter = z
  .object({
    /** `sql_ast`: a comparison of two SQL expressions. The server answers filters made elsewhere in this form, but refuses it on write. */
    type: z.literal("sql_ast"),
    /** How `left` is compared with `right`. */
    operator: z.enum(["=", "<", ">", "!=", "<=", ">="]),
    /** The SQL expression on the left of `operator`; at most 8192 characters. */
    left: z.string().max(8192, "must be at most 8192 characters"),
    /** The SQL expression on the right of `operator`; at most 8192 characters. */
    right: z.string().max(8192, "must be at most 8192 characters"),
  })
  .strict();

/** One filter of a saved search, in any shape the server reads back. */
const savedSearchFilter = z.union([comparisonFilter, conditionFilter]);

/**
 * One filter as the server takes it on a write: a shape it reads back that also renders as one
 * facet of its search sidebar (refinements/pinned-filter.ts); values not known yet pass.
 */
const writableFilter = savedSearchFilter.superRefine((filter, ctx) => {
  if (containsUnknown(filter) || isSidebarFilter(filter)) return;
  ctx.addIssue({
    code: z.ZodIssueCode.custom,
    message: `${PINNED_FILTER_RULE}: the server refuses other filters (lucene, sql_ast, comparisons such as \`ServiceName = 'checkout'\`); write \`ServiceName IN ('checkout')\``,
  });
});

/** A saved search as the program describes it. */
export const stackSavedSearchSpec = stackObject({
  /** Name, 1-1024 characters. @default the resource name */
  name: z.string().trim().min(1, "must not be empty").max(1024, "must be at most 1024 characters").optional(),
  /** The source searched: the id of a source (see `getStackSources`). */
  sourceId: objectId,
  /** The columns shown, as a select list such as `timestamp, level, body`; at most 4096 characters. @default "" (the source's default columns) */
  select: z.string().max(4096, "must be at most 4096 characters").optional(),
  /** The search, in `whereLanguage`; at most 8192 characters. @default "" (everything) */
  where: z.string().max(8192, "must be at most 8192 characters").optional(),
  /** Language of `where`. @default "lucene" */
  whereLanguage: z.enum(["lucene", "sql"]).optional(),
  /** Sort order, such as `timestamp DESC`; at most 1024 characters. @default "" */
  orderBy: z.string().max(1024, "must be at most 1024 characters").optional(),
  /** Tags, at most 50, each at most 32 characters. */
  tags: z.array(z.string().max(32, "must be at most 32 characters")).max(50, "must hold at most 50 tags").optional(),
  /** Filters applied beside `where`, at most 100, each one sidebar facet: `{ condition: "ServiceName IN ('checkout')" }`. */
  filters: z.array(writableFilter).max(100, "must hold at most 100 filters").optional(),
});

export type StackSavedSearchInput = z.input<typeof stackSavedSearchSpec>;
export type SavedSearchFilter = z.output<typeof savedSearchFilter>;
