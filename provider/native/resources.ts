import { z, type ZodTypeAny } from "zod";
import type { DiffSpec, Diff } from "../engine/field-diff";
import type { ComputedFields, PolicyTree } from "../schemas/field-policy";
import { locateSecrets } from "../schemas/field-policy";
import { registry, type Registered, type ResourceTypeName } from "../registry";
import { nativeTypeToken, RESOURCE_MODULE } from "../resource-class/type-tokens";
import { unwrap } from "./zod-walk";
import { splitFieldsOf, type SplitField } from "./split-fields";
import type { Obj } from "../schemas/plain-object";
import { splitSecrets } from "../schemas/secret-split";
import { InternalError } from "../errors/operation-errors";

/**
 * The registry's resources as the native provider serves them: each is its engine (the very object the
 * dynamic face's shim loads) plus what the plugin needs to describe it (schema shape, diff spec,
 * the server's own outputs) and the one step the dynamic face does in the program: defaults from
 * the resource name, and, for a pipe, the credentials moved out of `source` into `sourceSecrets`.
 */

/** An engine as each `provider/resources/<kind>/engine.ts` exports it (`provider`). */
interface Engine {
  configure(req: { config: { get(key: string): string | undefined } }): Promise<void>;
  check(olds: never, news: never): Promise<{ inputs?: unknown; failures?: { property: string; reason: string }[] }>;
  diff(id: string, olds: never, news: never): Promise<Diff>;
  create(inputs: never): Promise<{ id: string; outs?: unknown }>;
  read(id: string, props?: never): Promise<{ id?: string; props?: unknown }>;
  update(id: string, olds: never, news: never): Promise<{ outs?: unknown }>;
  delete(id: string, props: never): Promise<void>;
}

export interface NativeResource {
  /** The type name, as in `pipestack:index:<name>` (and the dynamic face's class). */
  name: ResourceTypeName;
  engine: Engine;
  /** The program's spec: its keys are the resource's inputs. */
  spec: z.ZodObject<z.ZodRawShape>;
  /** The field policy (secrets, what a change does) and the rest of the diff. */
  diff: DiffSpec;
  /** Outputs the server fills in, with their types (from the API answer's schema where it has them). */
  serverOutputs: Readonly<Record<string, ZodTypeAny>>;
  /** Outputs that no update ever changes. */
  fixedOutputs: readonly string[];
  /** Secret material the API never returns, kept in its own output (read answers without it). */
  credentials?: { key: string; shape: z.ZodObject<z.ZodRawShape> };
  /**
   * The engine's own rule for when the old object must go before a new one is made (same name or
   * table): also asked when the engine replaces nothing itself, since `replaceOnChanges` may.
   */
  collides?(olds: Obj, news: Obj): boolean;
  /** The program-side step: the inputs as the engine expects them. Pure. */
  prepare(inputs: Obj, resourceName: string): Obj;
  /** Fields the native schema names apart from the engine (split-fields.ts). */
  splits: readonly SplitField[];
}

/** `name` from the resource name when the program leaves it out. */
const named = (inputs: Obj, resourceName: string): Obj => (inputs.name === undefined || inputs.name === null ? { ...inputs, name: resourceName } : inputs);

/** The types of the computed outputs, as the field policy declares them. */
const typed = (fields: ComputedFields): Record<string, ZodTypeAny> => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.computed]));

/** The object schema inside refinements. */
function objectOf(t: ZodTypeAny): z.ZodObject<z.ZodRawShape> {
  const node = unwrap(t);
  if (!(node instanceof z.ZodObject)) throw new InternalError("a resource spec must be an object schema");
  return node as z.ZodObject<z.ZodRawShape>;
}

/** The credentials of a pipe, one optional field per secret name, typed as in `source`. */
function credentialShape(policy: PolicyTree, spec: z.ZodObject<z.ZodRawShape>): z.ZodObject<z.ZodRawShape> {
  const fields: Record<string, ZodTypeAny> = {};
  const walk = (tree: PolicyTree, schema: ZodTypeAny) => {
    const obj = schema instanceof z.ZodObject ? schema : unwrap(schema);
    if (!(obj instanceof z.ZodObject)) return;
    for (const [key, node] of Object.entries(tree)) {
      const child = (obj as z.ZodObject<z.ZodRawShape>).shape[key] as ZodTypeAny | undefined;
      if (!child) continue;
      if (node.secret) fields[node.secret] ??= child;
      else if (node.fields) walk(node.fields, child);
    }
  };
  walk(policy, spec);
  return z.object(fields);
}

const asEngine = (e: unknown) => e as Engine;

/** The native face of one registered kind: its engine, spec, outputs and the program-side step, all from its definition. */
function nativeOf(d: Registered): NativeResource {
  const spec = objectOf(d.spec);
  const apart = d.secretsApart;
  const locations = apart ? locateSecrets(d.policy[apart.field]?.fields ?? {}) : {};
  return {
    name: d.type,
    engine: asEngine(d.provider),
    spec,
    diff: d.diff,
    serverOutputs: typed(d.computed),
    fixedOutputs: d.fixedOutputs,
    splits: splitFieldsOf(spec),
    ...(d.collides ? { collides: d.collides } : {}),
    ...(apart ? { credentials: { key: apart.into, shape: credentialShape(d.policy, spec) } } : {}),
    prepare(inputs, resourceName) {
      const out = d.named ? named(inputs, resourceName) : inputs;
      const value = apart ? out[apart.field] : undefined;
      if (!apart || value === null || typeof value !== "object" || Array.isArray(value)) return out;
      const split = splitSecrets(value as Obj, locations);
      const given = (out[apart.into] ?? {}) as Obj;
      return { ...out, [apart.field]: split.rest, [apart.into]: { ...given, ...split.secrets } };
    },
  };
}

export const nativeResources: readonly NativeResource[] = registry.map(nativeOf);

/** The package's name in type tokens, config keys and the plugin's name. */
export const PACKAGE = RESOURCE_MODULE;

/** `pipestack:index:<name>`. */
export const tokenOf = (r: Pick<NativeResource, "name">): string => nativeTypeToken(r.name);

/** The resource a type token names, if any. */
export function resourceOf(token: string): NativeResource | undefined {
  return nativeResources.find((r) => tokenOf(r) === token);
}
