/**
 * The saved-search body of the current stack API: PUT is a full replace, so every optional
 * field has the default an omitted one falls back to.
 */
import { z } from "zod";
import { objectIdSchema } from "./tile-config-shape";

/** POST and PUT of a saved search (PUT replaces: omitted fields fall back to defaults). */
export const savedSearchSchema = z.object({
  name: z.string().trim().min(1).max(1024),
  sourceId: objectIdSchema,
  select: z.string().max(4096).optional().default(""),
  where: z.string().max(8192).optional().default(""),
  whereLanguage: z.enum(["lucene", "sql"]).optional().default("lucene"),
  orderBy: z.string().max(1024).optional().default(""),
  tags: z.array(z.string().max(32)).max(50).optional().default([]),
  filters: z
    .array(
      z.union([
        z.object({ type: z.enum(["lucene", "sql"]).optional().default("sql"), condition: z.string().max(8192) }),
        z.object({ type: z.literal("sql_ast"), operator: z.enum(["=", "<", ">", "!=", "<=", ">="]), left: z.string().max(8192), right: z.string().max(8192) }),
      ]),
    )
    .max(100)
    .default([]),
});
export type SavedSearchInput = z.output<typeof savedSearchSchema>;
