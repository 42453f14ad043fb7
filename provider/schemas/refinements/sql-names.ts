import { z } from "zod";

/**
 * Names and types that the API turns into SQL and into paths: a table name, a column type.
 * The API quotes them, but a name such as `../../etc` or a type such as `String); DROP` is never
 * what a program means, and a server that does not quote them is one bug away from harm: they
 * are refused with a reason before any request.
 */

/** A table name: no `/` or `\`, no dot segment, no quote or backtick, at most 255 characters. */
export const tableName = z
  .string()
  .min(1, "must not be empty")
  .max(255, "must be at most 255 characters")
  .refine((s) => !/[/\\`"']/.test(s) && !/^\.+$/.test(s) && !s.startsWith(".."), {
    message: "must be a table name (no /, \\, quotes, backticks or leading ..)",
  });

/**
 * A column type as the database writes it: `String`, `Nullable(Float64)`, `DateTime64(3, 'UTC')`,
 * `Array(Tuple(a String, b UInt8))`: letters, digits, `_`, spaces, commas, quoted literals and
 * balanced parentheses; never a `;` or a comment.
 */
export const columnType = z.string().min(1, "must not be empty").max(1024, "must be at most 1024 characters").refine(isColumnType, {
  message: "must be a column type such as String or Nullable(Float64) (letters, digits, _, spaces, commas, quoted literals, balanced parentheses)",
});

function isColumnType(s: string): boolean {
  if (!/^[A-Za-z]/.test(s) || /--|\/\*/.test(s)) return false;
  // Quoted literals (enum values, time zones) may hold anything but their own quote.
  const bare = s.replace(/'(?:[^'\\]|\\.)*'/g, "''");
  if (!/^[A-Za-z0-9_ ,()'=.+-]*$/.test(bare)) return false;
  let depth = 0;
  for (const ch of bare) {
    if (ch === "(") depth++;
    else if (ch === ")" && --depth < 0) return false;
  }
  return depth === 0;
}
