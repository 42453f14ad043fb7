/**
 * One stack route, as both generations' route tables (`operations.ts`, `operations-current.ts`)
 * declare it and both ways in (`surfaces.ts`) serve it.
 */
import type { RequestContext } from "../http/context";
import type { StackStore } from "./store";

/** One stack route: a path relative to the surface's base, and what it does. */
export interface StackOperation {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** The `data` / `result` to answer (a `Page` for paged lists), or undefined for an answer without one (DELETE). */
  run(store: StackStore, ctx: RequestContext): unknown;
}

/** The request's time as stored on what it creates or changes. */
export const stamp = (ctx: RequestContext): string => new Date(ctx.now).toISOString();
