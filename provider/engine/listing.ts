import type { z, ZodType } from "zod";
import type { Settings } from "../config";
import { openStackTarget, type StackTarget } from "../client/stack-target";
import { path } from "../client/paths";
import { validate } from "../schemas/check-failures";
import { stackTargetArgs } from "../schemas/stack-target";
import type { Obj } from "../schemas/plain-object";
import { InvalidArgumentError, MalformedAnswerError } from "../errors/operation-errors";
import { readAll } from "./list-reader";
import { named } from "./named-call";

/**
 * A kind's list function, declared once in the kind's folder (`listing.ts`) and named by its
 * definition (`listing` of `index.ts`). Everything else is worked out from it: the program's
 * `getX` and `getXOutput` (scripts/list-functions.js writes them), their public args types, the
 * native plugin's invoke and schema, and the function's reference section. No Pulumi SDK here:
 * the native provider runs the same listing with its own settings.
 */
export interface Listing<A extends z.ZodObject<z.ZodRawShape> = z.ZodObject<z.ZodRawShape>, T = unknown> {
  /** The function's name (`getStackSources`); its Output form is the name and `Output`. */
  readonly name: string;
  /** The arguments besides `connection`, checked before any request. */
  readonly args: A;
  /** One item of the answer: its parse drops what a program must not hold. */
  readonly item: ZodType<T>;
  /** The items, given the arguments (without `connection`) and the settings to reach the service with. */
  run(args: Obj, settings: () => Settings): Promise<T[]>;
}

/** How a listing reads one collection of a stack. */
export interface StackCollectionListing<T> {
  name: string;
  /** The collection's path below the stack's base (`sources`). */
  collection: string;
  /** True when the server pages the collection (`limit`/`offset`): every page is read. */
  paged: boolean;
  item: ZodType<T>;
  /** A clearer error for a failed list (e.g. a route older servers lack); else the API's error stands. */
  explain?(err: unknown, target: StackTarget): Error | undefined;
}

/**
 * The listing of one collection of the stack the arguments name (each target field defaults to
 * the settings): the arguments checked first, errors prefixed with the function's name, each item
 * parsed by its shape.
 */
export function stackListing<T>(l: StackCollectionListing<T>): Listing<typeof stackTargetArgs, T> {
  return {
    name: l.name,
    args: stackTargetArgs,
    item: l.item,
    async run(args, settings) {
      const target = named(l.name, () => {
        const parsed = validate(stackTargetArgs, args);
        if (!parsed.ok) throw new InvalidArgumentError(parsed.failures.map((f) => `${f.property} ${f.reason}`).join("; "));
        return openStackTarget(settings(), parsed.value);
      });
      let items: unknown[];
      try {
        items = await readAll({ client: target.client, path: `${target.basePath}${path(l.collection)}`, paged: l.paged });
      } catch (err) {
        if (err instanceof MalformedAnswerError) throw new MalformedAnswerError(`${l.name}: the stack at ${target.key} did not answer a list`, { cause: err });
        throw l.explain?.(err, target) ?? err;
      }
      return items.map((i) => l.item.parse(i));
    },
  };
}
