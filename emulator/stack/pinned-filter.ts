/**
 * The stack server's rule for the filters of a saved search written through its API (its
 * saved-search router): each must render as one facet of the search sidebar, one SQL predicate
 * on one column in the form the sidebar writes: `<column> IN (...)`, `<column> NOT IN (...)` or
 * `<column> BETWEEN <n> AND <n>`. Lucene and `sql_ast` filters, comparisons, `OR` and extra
 * `AND` conjuncts are refused. (The provider's `check` holds its own copy of this rule: the
 * emulator never imports provider/; test/unit/pinned-filter.test.ts runs both on one table.)
 */

/** The server's 400 for the filter at `index`, word for word. */
export function nonRenderableFilterMessage(index: number): string {
  return (
    `filters[${index}] must be a sidebar-renderable SQL predicate ` +
    `(e.g. "<column> IN ('<value>', ...)", "NOT IN (...)", or "BETWEEN <n> AND <n>"). ` +
    "Other shapes are only accepted on update when preserved unchanged from the stored saved search."
  );
}

/**
 * For each index of `text`, whether it stands at the top level: outside single-quoted strings
 * (`''` and `\'` escapes kept inside) and outside parentheses. Quotes and parentheses are not.
 */
function topLevel(text: string): boolean[] {
  const out = new Array<boolean>(text.length).fill(false);
  let inString = false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "'" && precedingBackslashes(text, i) % 2 === 0) {
      if (inString && text[i + 1] === "'") i++;
      else inString = !inString;
      continue;
    }
    if (inString) continue;
    if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0) out[i] = true;
  }
  return out;
}

function precedingBackslashes(text: string, i: number): number {
  let n = 0;
  for (let j = i - 1; j >= 0 && text[j] === "\\"; j--) n++;
  return n;
}

/** Indexes where `word` (case-insensitive) starts at the top level; `skip` steps past each match. */
function topLevelMatches(text: string, word: string, skip: boolean): number[] {
  const top = topLevel(text);
  const upper = word.toUpperCase();
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!top[i] || text.slice(i, i + word.length).toUpperCase() !== upper) continue;
    found.push(i);
    if (skip) i += word.length - 1;
  }
  return found;
}

const hasTopLevel = (text: string, words: readonly string[]) => words.some((w) => topLevelMatches(text, w, false).length > 0);

/** The parts of a condition between top-level ` AND `s, trimmed, empty ones dropped. */
function conjuncts(condition: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const at of topLevelMatches(condition, " AND ", true)) {
    parts.push(condition.slice(from, at));
    from = at + 5;
  }
  parts.push(condition.slice(from));
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

/** How many values a list such as `('a', 'b')` holds (quote-aware commas, empty items dropped). */
function valueCount(list: string): number {
  const trimmed = list.trim();
  const inner = trimmed.startsWith("(") && trimmed.endsWith(")") ? trimmed.slice(1, -1) : trimmed;
  let count = 0;
  let current = "";
  let inString = false;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === "'" && precedingBackslashes(inner, i) % 2 === 0) {
      if (inString && inner[i + 1] === "'") {
        current += "''";
        i++;
        continue;
      }
      inString = !inString;
    } else if (!inString && inner[i] === ",") {
      if (current.trim()) count++;
      current = "";
      continue;
    }
    current += inner[i];
  }
  return current.trim() ? count + 1 : count;
}

/** What the sidebar reads of one column: values kept, values left out, a numeric range. */
interface Facet {
  included: number;
  excluded: number;
  range: boolean;
}

/** The sidebar's reading of one SQL condition: a facet per column it recognises. */
function facets(condition: string): Map<string, Facet> {
  const state = new Map<string, Facet>();
  const facet = (key: string) => state.get(key) ?? state.set(key, { included: 0, excluded: 0, range: false }).get(key)!;
  if (hasTopLevel(condition, [" BETWEEN "])) {
    const between = /^(.+?)\s+BETWEEN\s+(.+?)\s+AND\s+(.+?)$/i.exec(condition);
    if (between) {
      const [min, max] = [Number(between[2].trim()), Number(between[3].trim())];
      if (Number.isFinite(min) && Number.isFinite(max)) facet(between[1].trim()).range = true;
      return state;
    }
  }
  for (const part of conjuncts(condition)) {
    if (hasTopLevel(part, ["=", "<", ">", " OR "])) continue;
    const exclude = hasTopLevel(part, [" NOT IN "]);
    if (!exclude && !hasTopLevel(part, [" IN "])) continue;
    const word = exclude ? " NOT IN " : " IN ";
    const at = topLevelMatches(part, word, false)[0];
    const values = valueCount(part.slice(at + word.length));
    const f = facet(part.slice(0, at).trim());
    if (exclude) f.excluded += values;
    else f.included += values;
  }
  return state;
}

/**
 * Whether a filter renders fully as one sidebar facet: an `sql` condition (the default type)
 * that reads as exactly one column, whose name holds no NOT/AND/OR, with exactly one clause (a
 * kept list, a left-out list or a range), and no top-level `AND` beyond a `BETWEEN`'s own.
 */
export function isSidebarFilter(filter: { type?: string; condition?: unknown }): boolean {
  if ((filter.type ?? "sql") !== "sql" || typeof filter.condition !== "string") return false;
  const condition = filter.condition;
  const state = facets(condition);
  if (state.size !== 1) return false;
  const [[key, f]] = [...state];
  if (/\b(?:NOT|AND|OR)\b/i.test(key)) return false;
  const clauses = [f.included > 0, f.excluded > 0, f.range].filter(Boolean).length;
  if (clauses !== 1) return false;
  return topLevelMatches(condition, " AND ", true).length === (f.range ? 1 : 0);
}
