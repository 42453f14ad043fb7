import type * as dynamic from "@pulumi/pulumi/dynamic";
import { resourceFailure, type CheckFailure } from "../schemas/check-failures";
import { CONNECTION_KEY } from "../schemas/connection";
import { containsUnknown } from "../schemas/unknown";
import { heldName, NO_UNIQUE_NAME, type NameRule } from "./name-holder";
import type { Obj } from "../schemas/plain-object";

/**
 * The read a create's `check` gates on, and what it depends on. Not always its only request: a
 * name found held is read again before it is refused ({@link withNameGate}), and a kind's
 * `refuseCreate`, run with it, may ask the stack's generation (`stack/generation.ts`).
 */
export interface CreateProbe<I> {
  /** The input fields the read depends on (with the connection): while one is unknown, no read. */
  needs: readonly string[];
  /** True when this create is an adoption (its own read happens at `up`): no read. */
  adopts?(inputs: I): boolean;
  /**
   * Reads once; returns why the create would fail (a taken name, a tile that cannot alert).
   * `own`: the ids of the objects this process has been shown as resources' own (see
   * {@link OwnObjects}).
   */
  probe(inputs: I, own: OwnObjects): Promise<CheckFailure[]>;
}

/**
 * The ids of objects the engine has shown this process as some resource's own (in a `diff` or a
 * `read`, which carry the id). The engine also checks with no old inputs a resource it re-creates
 * after deleting one it depends on first (`step_generator.go`: `recreating`), and it diffs such a
 * resource before: its old object, which still holds its name in a preview, is then in this set.
 */
export class OwnObjects {
  readonly #ids = new Set<string>();
  note(id: string | undefined): void {
    if (id) this.#ids.add(id);
  }
  has(id: string): boolean {
    return this.#ids.has(id);
  }
}

/**
 * True when `check` is checking a create whose one read can tell now: no old inputs (a create,
 * not an update or a replace), no failure found already, not an adoption, and every input the read
 * depends on known (a preview leaves values from other resources unknown: no read then). Pure.
 */
export function probesCreate<I extends object>(olds: unknown, result: dynamic.CheckResult<I>, probe: Omit<CreateProbe<I>, "probe">): boolean {
  if ((result.failures?.length ?? 0) > 0) return false;
  if (olds !== null && typeof olds === "object" && Object.keys(olds).length > 0) return false;
  const inputs = (result.inputs ?? {}) as Obj;
  if (probe.adopts?.(inputs as I)) return false;
  return ![...probe.needs, CONNECTION_KEY].some((k) => containsUnknown(inputs[k]));
}

/**
 * The preview as the gate of a create: the read the create itself would fail on (credentials,
 * route, a taken name, a tile that cannot alert) runs in `check`, which the engine calls in
 * `preview` and in `up`, so the preview fails the same way the `up` would. A failed read is
 * a failure of `check` with the error's own message (the client names the setting to check);
 * updates and no-op previews send nothing.
 */
export async function gateCreate<I extends object>(
  olds: unknown,
  result: dynamic.CheckResult<I>,
  gate: CreateProbe<I>,
  own: OwnObjects,
): Promise<dynamic.CheckResult<I>> {
  if (!probesCreate(olds, result, gate)) return result;
  let failures: CheckFailure[];
  try {
    failures = await gate.probe(result.inputs as I, own);
  } catch (err) {
    failures = [resourceFailure(err)];
  }
  return failures.length ? { ...result, failures } : result;
}

/**
 * A kind's create probe with the in-flight holder rule of its unique name added (see
 * `name-holder.ts`): after the kind's own read passes, the name the inputs claim must be free in
 * the run's list of the place (read again before refusing), or held by this resource's own
 * object. A holder is refused in the engine's words, so every kind with a unique name gets them.
 */
export function withNameGate<I, P, T>(
  own: Omit<CreateProbe<I>, "adopts"> | undefined,
  names: NameRule<I, P, T> | typeof NO_UNIQUE_NAME,
  at: (inputs: I) => P,
): Omit<CreateProbe<I>, "adopts"> {
  const first = own ?? { needs: [], probe: async () => [] };
  if (names === NO_UNIQUE_NAME) return first;
  return {
    needs: [...new Set([...first.needs, ...names.needs])],
    async probe(inputs, objects) {
      const failures = await first.probe(inputs, objects);
      if (failures.length) return failures;
      const place = at(inputs);
      const holder = await names.holder(place, inputs, false);
      if (holder === undefined || objects.has(names.described(place, inputs, holder).id)) return [];
      // The run's list may be old: a holder is read again before it refuses anything.
      const fresh = await names.holder(place, inputs, true);
      if (fresh === undefined) return [];
      const described = names.described(place, inputs, fresh);
      if (objects.has(described.id)) return [];
      const more = names.refuses?.(fresh, inputs) ?? "";
      return more === false ? [] : [heldName(described, more)];
    },
  };
}
