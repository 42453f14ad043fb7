import type { CreateProbe } from "./create-gate";
import type { FieldChange } from "./field-diff";
import type { Obj } from "../schemas/plain-object";

/**
 * The skeleton's optional parts, by what they change (go-provider's `Custom*` interfaces): a
 * kind's engine spec takes the ones it needs, and each member left out has the default it names.
 * `define-engine.ts` reads them; the required parts are its `EngineCore`.
 */

/** A create's `check` beyond the name gate: its one read, an adoption, what the place refuses. */
export interface CustomCheck<I, P> {
  /** The read a create's `check` gates on (see `create-gate.ts`, with what else it may read); an adoption (see {@link adoptId}) makes none. @default the name's alone */
  probe?: Omit<CreateProbe<I>, "adopts">;
  /** The id of the object a create adopts instead of making one. @default the inputs' `adoptId` */
  adoptId?(inputs: I): string | undefined;
  /**
   * Refuses, before any write, a create the place cannot take (a route or field its server lacks).
   * Run by `check` too (in the create's one read, see `create-gate.ts`), so the preview refuses it.
   * @default refuses none
   */
  refuseCreate?(at: P, inputs: I): Promise<void>;
}

/** A diff beyond the field policy's: changes of the kind's own, a replacement's order, what a change clears. */
export interface CustomDiff<I, O> {
  /** The changes between old outputs and new inputs of the object `id`. @default `fieldChanges(olds, news, rules)` */
  changes?(olds: O, news: I, id: string): FieldChange[] | Promise<FieldChange[]>;
  /** True when the old object must go before its replacement is made (a name both would hold). @default never */
  collides?(olds: O, news: I): boolean;
  /**
   * True when the engine should compare old and new inputs itself (a dynamic provider cannot
   * return a detailed diff; the engine's own marks changed secret paths, values kept `[secret]`). @default never
   */
  engineCompares?(changes: readonly FieldChange[]): boolean;
  /**
   * The inputs as the program wrote them, where the field policy's paths point (secrets the
   * resource class keeps apart put back). @default the inputs
   */
  program?(inputs: I): Obj;
  /**
   * True when this change makes the server drop the write-only fields its request leaves out (a
   * PUT that moves a webhook's destination): the preview then names each as cleared (see
   * `kept-on-server.ts`). @default never: the server keeps what a request leaves out
   */
  clears?(olds: O, news: I): boolean;
}

/** What a refresh that finds the object gone does beyond dropping it from state. */
export interface CustomGone<O, P> {
  /** Called when a refresh finds the object gone, before the engine drops it from state. @default nothing */
  gone?(at: P, id: string, props: O): Promise<void>;
}
