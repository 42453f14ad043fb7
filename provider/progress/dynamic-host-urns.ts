import { createRequire } from "node:module";
import { enterResource } from "./report";

/**
 * The SDK's dynamic-provider host reads each request's properties and passes them on without
 * the request's URN, so a dynamic provider's log lines would land on the stack's row. The
 * host reads a request's properties first thing, before its first `await`: the getter it calls
 * is wrapped to enter the request's URN (see `forResource`), which then holds for the rest of
 * that request's work. The wrapped classes are the host's own (required from its script's
 * place); a host of another shape leaves them as they are and the lines on the stack's row.
 */

/** The request classes of the host, and the getter of each that the host calls first. */
const FIRST_READ = [
  ["CheckRequest", "getOlds"],
  ["DiffRequest", "getOlds"],
  ["CreateRequest", "getProperties"],
  ["ReadRequest", "getId"],
  ["UpdateRequest", "getOlds"],
  ["DeleteRequest", "getProperties"],
] as const;

interface RequestPrototype {
  getUrn(): string;
  [getter: string]: unknown;
}

let followed = false;

/** Makes each request's URN the resource of the work it starts, once per process; `hostScript` is the host's `index.js`. */
export function followHostUrns(hostScript: string): void {
  if (followed) return;
  followed = true;
  try {
    const proto = createRequire(hostScript)("../../proto/provider_pb") as Record<string, { prototype: RequestPrototype } | undefined>;
    for (const [name, getter] of FIRST_READ) {
      const prototype = proto[name]?.prototype;
      const original = prototype?.[getter];
      if (!prototype || typeof original !== "function" || typeof prototype.getUrn !== "function") continue;
      prototype[getter] = function (this: RequestPrototype, ...args: unknown[]): unknown {
        enterResource(this.getUrn());
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  } catch {
    // Another host layout: lines stay on the stack's row.
  }
}
