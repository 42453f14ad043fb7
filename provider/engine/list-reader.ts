import type { ApiClient } from "../client/client";
import type { RetryBudget } from "../client/retry-budget";
import { MalformedAnswerError } from "../errors";

/**
 * The one reader of a list: every page of a collection that pages, in one place, for every
 * caller (the list functions, the create gates and creates through the run's shared reads in
 * `shared-list.ts`, the read-or-gone rule in `gone.ts`). A list read anywhere else would stop at
 * the server's first page (1,000 objects on the stack server) and miss what lies beyond. One read
 * stops there on purpose: a stack create gate's probe (`stack/create-probes.ts`, `listed`) GETs
 * the first page only, to prove the credentials and the route, and reads none of its objects.
 */

/** One collection of one API account: its path below the client's base URL, and whether it pages (`limit`/`offset`). */
export interface Collection {
  client: ApiClient;
  path: string;
  /** @default false: one answer holds the whole list (the cloud API's pipes and endpoints) */
  paged?: boolean;
}

/** The page size of the lists that page (the stack server's: 1-1000, default 1000). */
export const PAGE = 1000;

/** The id of a listed object, when it has one. Pure. */
export function idOf(item: unknown): string | undefined {
  const id = item !== null && typeof item === "object" ? (item as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}

/**
 * The whole collection: every page of one that pages (the first request carries no query, so a
 * list under one page costs what a plain GET does); throws when the answer is not a list.
 */
export async function readAll(c: Collection, budget?: RetryBudget): Promise<unknown[]> {
  const items: unknown[] = [];
  const ids = new Set<string>();
  for (let offset = 0; ; offset += PAGE) {
    const target = offset === 0 ? c.path : `${c.path}?limit=${PAGE}&offset=${offset}`;
    const page = await c.client.request<unknown>({ method: "GET", path: target, budget });
    if (!Array.isArray(page))
      throw new MalformedAnswerError(`GET ${c.path} answered in the envelope but not with a list of objects with ids: ${c.client.surface.wrongUrl}`);
    const before = ids.size;
    for (const item of page) {
      const id = idOf(item);
      if (id !== undefined && ids.has(id)) continue;
      if (id !== undefined) ids.add(id);
      items.push(item);
    }
    // A full page may have a next one; a route that ignores `offset` repeats the first.
    if (!c.paged || page.length < PAGE || ids.size === before) return items;
  }
}
