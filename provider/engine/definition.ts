import type { ZodTypeAny } from "zod";
import type { Provider } from "./connection";
import type { DiffSpec } from "./field-diff";
import type { ClassSpec } from "../resource-class/register";
import type { Obj } from "../schemas/plain-object";
import type { Listing } from "./listing";

/**
 * Everything the package knows about one resource kind, declared in the kind's own folder
 * (`provider/resources/<kind>/index.ts`) and listed once in the registry (`provider/registry/index.ts`). Every
 * list of resources the package needs (type tokens, the engines the shim loads, the native
 * plugin's resources, the PR summary's kinds, the reference pages) is worked out from the registry,
 * so a new kind is its folder and one registry line. The class is not part of it: the native
 * plugin loads the registry without the Pulumi SDK (the package entry exports each class, and a
 * test holds it to the registry).
 */
export interface ResourceDefinition<N extends string = string, E extends string = string> extends ClassSpec {
  /** The type name, as in both faces' tokens and the class's name. */
  readonly type: N;
  /** The frozen `pulumi-pipestack/engine/<engine>` path the serialized shim loads (old states have it written in). */
  readonly engine: E;
  /** The engine: the life cycle the dynamic face's shim and the native plugin both drive. */
  readonly provider: Provider<never, never>;
  /** The program's spec, refinements included: its object's keys are the resource's inputs. */
  readonly spec: ZodTypeAny;
  /** The field policy and the rest of the diff. */
  readonly diff: DiffSpec;
  /** Outputs that no update ever changes. */
  readonly fixedOutputs: readonly string[];
  /** What stops between deleting the old object and creating its replacement (the PR summary says it). */
  readonly gap: string;
  /**
   * The engine's own rule for when the old object must go before a new one is made (same name or
   * table): also asked when the engine replaces nothing itself, since `replaceOnChanges` may.
   */
  readonly collides?: (olds: Obj, news: Obj) => boolean;
  /**
   * The kind's list function, when it has one (its folder's `listing.ts`): the program's
   * `getX`/`getXOutput`, their args types, the native invoke and the reference section come from it.
   */
  readonly listing?: Listing;
}

/**
 * A kind's definition, its literal type and engine names kept (the registry's unions of names come
 * from them); the engine's typed provider is seen through the untyped view every face drives.
 */
export function defineResource<const N extends string, const E extends string>(
  d: Omit<ResourceDefinition<N, E>, "provider"> & { readonly provider: object },
): ResourceDefinition<N, E> {
  return d as ResourceDefinition<N, E>;
}
