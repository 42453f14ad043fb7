import type * as dynamic from "@pulumi/pulumi/dynamic";
import { adoptable } from "./adopt";
import { connected, type Provider } from "./connection";
import { gateCreate, OwnObjects, withNameGate, type CreateProbe } from "./create-gate";
import { configure } from "./engine-settings";
import { diffResult, fieldChanges, type Diff, type DiffSpec, type FieldChange } from "./field-diff";
import { orGone, readOrGone, readResult, updateUnlessGone, type Whereabouts } from "./gone";
import { NO_UNIQUE_NAME, type NameRule } from "./name-holder";
import {
  carried,
  clearedChanges,
  emptiedChanges,
  existingObject,
  keptFailures,
  keptMessage,
  keptNamed,
  keptPaths,
  marked,
  mayHold,
  omitted,
  recordedEmpty,
  toMark,
  unmarked,
  without,
} from "./kept-on-server";
import { reportProgress, reportWarning } from "../progress/report";
import { sealSecretFields } from "./secret-fields";
import { noteCheck } from "./checked-here";
import { sealingInputs } from "./sealed-inputs";
import { ResourceInitError } from "../errors/operation-errors";
import type { Obj } from "../schemas/plain-object";
import type { CustomCheck, CustomDiff, CustomGone } from "./capabilities";

/** What every engine's props may hold beside the resource's own fields. */
export interface EngineProps {
  /** The serialized provider the engine adds; an object recorded half-made keeps it (see `init-error.ts`). */
  __provider?: string;
  /** The existing object to take over instead of creating one. */
  adoptId?: string;
}

/**
 * One resource's differences from every other, which is all an engine is made of: the skeleton's
 * required parts here, the optional ones as named capabilities (`./capabilities.ts`), each with
 * its default. `I`: its inputs; `O`: its outputs; `P`: the place its objects live (a cloud
 * service, a stack), reached with the resource's own connection; `T`: the object as the API answers it.
 */
export interface EngineCore<I extends EngineProps, O extends object, P, T> {
  /** Validates the inputs and pins where the object lives, before any network call; never throws on bad input. */
  validate(news: I): dynamic.CheckResult<I>;
  /**
   * The name the server keeps unique, if any: the create gate refuses a holder in the engine's
   * words, never offering one that may be another create in flight (see `name-holder.ts`).
   */
  names: NameRule<I, P, T> | typeof NO_UNIQUE_NAME;
  /** The place the object of these props lives, reached with the props' connection. */
  at(props: I | O): P;
  /** The object `id` in that place, for the read-or-gone rule (see `gone.ts`); `where` and `why` word its messages. */
  whereabouts(at: P, id: string): Whereabouts<T> & { where: string; why?: string };
  /** The field policy and the rest of the diff: what a change of each field means. */
  rules: DiffSpec;
  /** Makes a new object (never two, never another's: see `create-once.ts`); its id and outputs. */
  create(at: P, inputs: I): Promise<{ id: string; outs: O }>;
  /** Makes the live object `id` (it exists) the program's; its outputs. Never replaces it. */
  adopt(at: P, id: string, inputs: I, live: T): Promise<O>;
  /** Changes the object in place; its outputs. A 404 is told apart by the read-or-gone rule. */
  update(at: P, id: string, olds: O, news: I): Promise<O>;
  /** The outputs of a refresh: the live object, `props` the old outputs (empty with no prior state). */
  refreshed(live: T, props: O, at: P): O;
  /** Deletes the object and waits until it is gone; one already gone is done. */
  remove(at: P, id: string, props: O): Promise<void>;
}

/** An engine's spec: the skeleton's required parts and any of its capabilities. */
export type EngineSpec<I extends EngineProps, O extends object, P, T> = EngineCore<I, O, P, T> & CustomCheck<I, P> & CustomDiff<I, O> & CustomGone<O, P>;

/** The engines whose spec declares a unique name (tests generate the holder cases from the registry with it). */
const named = new WeakSet<object>();

/** True when the engine `provider` was defined with a unique name (see {@link EngineSpec.names}). */
export function uniquelyNamed(provider: object): boolean {
  return named.has(provider);
}

/** The inputs' own `adoptId`, when set. Pure. */
export function ownAdoptId(inputs: EngineProps): string | undefined {
  return typeof inputs.adoptId === "string" && inputs.adoptId !== "" ? inputs.adoptId : undefined;
}

/**
 * The engine's answer to `diff` from the changes: `changes: undefined` when the engine is to
 * compare the inputs itself, else the changes with their replacements, the old object deleted
 * first when the two would collide. Pure.
 */
export function diffAnswer(changes: FieldChange[], how: { collides: boolean; engineCompares: boolean }): Diff {
  if (how.engineCompares) return { changes: undefined, replaces: [], deleteBeforeReplace: false, diffs: changes };
  return diffResult(changes, how.collides);
}

/** What the preview says of the kept and cleared write-only fields: a dropped or cleared value warns. */
function reportKept(id: string, named: readonly string[], cleared: readonly string[], dropped: boolean): void {
  const [kept, clears] = [cleared.length ? [] : named, cleared];
  for (const line of keptMessage(id, kept, clears)) (dropped || clears.length ? reportWarning : reportProgress)(line);
}

/**
 * The one engine skeleton: every resource's provider is this life cycle around its spec.
 * `check` validates, then gates a create on its read (see `create-gate.ts`) and on what `create` would refuse; `diff` compares by the field policy;
 * `create` adopts the object `adoptId` names (it must exist) or makes one; `read` and `update`
 * tell a gone object by the read-or-gone rule; the outputs of every one (also those a half-made
 * object is recorded with) hold the policy's secret fields only as fingerprints (see
 * `secret-fields.ts`), and its check's answer holds them only sealed (see `sealed-inputs.ts`); every operation keeps the resource's connection and blanks every
 * credential it knows, old and new, out of its errors (see `connected`). An existing object's
 * write-only fields are the server's until the program sets them (see `kept-on-server.ts`).
 */
export function defineEngine<I extends EngineProps, O extends object, P, T>(spec: EngineSpec<I, O, P, T>): Provider<I, O> {
  const adoptId = spec.adoptId ?? ownAdoptId;
  const gated = withNameGate(spec.probe, spec.names, spec.at);
  const probe: CreateProbe<I> = {
    ...gated,
    adopts: (inputs) => adoptId(inputs) !== undefined,
    // What `create` refuses before writing is refused in `check` too: a preview fails as its `up` would.
    probe: async (inputs, own) => {
      await spec.refuseCreate?.(spec.at(inputs), inputs);
      return gated.probe(inputs, own);
    },
  };
  const own = new OwnObjects();
  const kept = keptPaths(spec.rules.fields);
  const view = (inputs: I): Obj => spec.program?.(inputs) ?? (inputs as Obj);
  /** The kept fields the program leaves out, and whether this change makes the server drop them. */
  const leftOut = (olds: O, news: I) => {
    const left = omitted(kept, news as Obj);
    return { left, clears: left.length > 0 && (spec.clears?.(olds, news) ?? false) };
  };
  const fields = spec.rules.fields;
  /** The outputs of `made` sealed; so are those a half-made object's error records it with. */
  const sealing = async <R>(made: () => Promise<R>, seal: (r: R) => R, previous?: O): Promise<R> => {
    try {
      return seal(await made());
    } catch (err) {
      if (err instanceof ResourceInitError) Object.assign(err.properties, sealSecretFields(fields, { ...err.properties }, previous));
      throw err;
    }
  };
  const sealedOuts =
    <R extends { outs: O }>(previous?: O) =>
    (r: R): R => ({ ...r, outs: sealSecretFields(fields, r.outs, previous) });
  // Secret fields leave `check` sealed and are opened before anything else sees them (see `sealed-inputs.ts`).
  const provider = sealingInputs<I, O>(
    fields,
    kept,
    connected<I, O>(fields, {
      configure,
      async check(olds, news) {
        noteCheck();
        const result = spec.validate(news);
        const failures = result.failures ?? [];
        const existing = existingObject(olds, adoptId(news) !== undefined);
        const checked = await gateCreate(
          olds,
          failures.length && existing ? { ...result, failures: keptFailures(failures, kept, view(news)) } : result,
          probe,
          own,
        );
        // A change that clears kept fields the old inputs hold none of: marked, so the engine lists them too (see `CLEARED`).
        const updates = existingObject(olds, false) && checked.inputs !== undefined && spec.clears?.(olds as unknown as O, checked.inputs) === true;
        const marks = updates ? toMark(kept, olds as Obj, checked.inputs as Obj) : [];
        return marks.length ? { ...checked, inputs: marked(checked.inputs as Obj, marks) as I } : checked;
      },
      async diff(id, olds, inputs) {
        own.note(id);
        const news = unmarked(kept, inputs);
        const { left, clears } = leftOut(olds, news);
        // A kept field left out is no change, unless the server drops it with this change.
        const seen = (clears ? olds : without(olds as Obj, left)) as O;
        const changes = await (spec.changes?.(seen, news, id) ?? fieldChanges(seen as Obj, news as Obj, spec.rules));
        // Only what the state may hold is kept or cleared: a field it records empty is neither.
        const named = keptNamed(kept, view(news)).filter((p) => mayHold(olds as Obj, p));
        const cleared = clears ? named : [];
        changes.push(...clearedChanges(cleared, changes), ...emptiedChanges(spec.rules.fields, kept, olds as Obj, news as Obj, changes));
        const dropped = !clears && left.some((p) => omitted([p], olds as Obj).length === 0);
        if (named.length && (changes.length || dropped)) reportKept(id, named, cleared, dropped);
        return diffAnswer(changes, { collides: spec.collides?.(olds, news) ?? false, engineCompares: spec.engineCompares?.(changes) ?? false });
      },
      create: (given) =>
        sealing(async () => {
          const inputs = unmarked(kept, given);
          const at = spec.at(inputs);
          await spec.refuseCreate?.(at, inputs);
          const id = adoptId(inputs);
          if (id === undefined) {
            // A new object holds none of the kept fields the program leaves out: recorded so, nothing is said kept later.
            const made = await spec.create(at, inputs);
            return { ...made, outs: recordedEmpty(fields, made.outs as Obj, keptNamed(kept, view(inputs))) as O };
          }
          const w = spec.whereabouts(at, id);
          const live = await adoptable(w.noun, id, w.where, () => orGone(w));
          return { id, outs: await spec.adopt(at, id, inputs, live) };
        }, sealedOuts()),
      async read(id, props = {} as O) {
        own.note(id);
        const at = spec.at(props);
        const live = await readOrGone(spec.whereabouts(at, id));
        if (live === undefined) await spec.gone?.(at, id, props);
        // An older state's plaintext stays as stored, so a refresh reads as no change; the next update seals it.
        return readResult(id, live === undefined ? undefined : sealSecretFields(fields, spec.refreshed(live, props, at), props, true));
      },
      update: (id, olds, given) =>
        sealing(
          async () => {
            const news = unmarked(kept, given);
            const at = spec.at(news);
            const { left, clears } = leftOut(olds, news);
            // The kind never sees a kept field the program leaves out, so it sends none; the outputs keep the state's.
            const outs = await updateUnlessGone(spec.whereabouts(at, id), () => spec.update(at, id, without(olds as Obj, left) as O, news));
            // What the server cleared with this change it holds no more: recorded empty.
            return { outs: (clears ? recordedEmpty(fields, outs as Obj, left) : carried(outs as Obj, olds as Obj, left)) as O };
          },
          sealedOuts(olds),
          olds,
        ),
      delete: (id, props) => spec.remove(spec.at(props), id, props),
    }),
  );
  if (spec.names !== NO_UNIQUE_NAME) named.add(provider);
  return provider;
}
