import { z, type ZodTypeAny } from "zod";
import type { DiffSpec, Diff } from "../engine/field-diff";
import { provider as pipeEngine } from "../resources/pipe/engine";
import { wouldCollide as pipesCollide } from "../resources/pipe/diff-answer";
import { pipeDiff } from "../resources/pipe/diff-rules";
import { provider as endpointEngine } from "../resources/reverse-private-endpoint/engine";
import { endpointDiff, wouldCollide as endpointsCollide } from "../resources/reverse-private-endpoint/diff-rules";
import { provider as alertEngine } from "../resources/stack-alert/engine";
import { alertDiff } from "../resources/stack-alert/diff";
import { provider as dashboardEngine } from "../resources/stack-dashboard/engine";
import { dashboardDiff } from "../resources/stack-dashboard/diff";
import { provider as savedSearchEngine } from "../resources/stack-saved-search/engine";
import { savedSearchDiff } from "../resources/stack-saved-search/diff";
import type { ComputedFields, PolicyTree } from "../schemas/field-policy";
import { pipeSpecShape } from "../resources/pipe/schema";
import { pipeComputed, pipePolicy } from "../resources/pipe/policy";
import { splitSourceSecrets } from "../resources/pipe/secrets";
import { endpointComputed } from "../resources/reverse-private-endpoint/policy";
import { endpointSpecShape } from "../resources/reverse-private-endpoint/schema";
import { stackAlertSpec } from "../resources/stack-alert/schema";
import { alertComputed } from "../resources/stack-alert/policy";
import { stackDashboardSpec } from "../resources/stack-dashboard/schema";
import { dashboardComputed } from "../resources/stack-dashboard/policy";
import { stackSavedSearchSpec } from "../resources/stack-saved-search/schema";
import { savedSearchComputed } from "../resources/stack-saved-search/policy";
import { nativeTypeToken, RESOURCE_MODULE, type ResourceTypeName } from "../resource-class/type-tokens";
import { unwrap } from "./zod-walk";
import type { Obj } from "../schemas/plain-object";
import { InternalError } from "../errors/internal";

/**
 * The five resources as the native provider serves them: each is its engine (the very object the
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

export const nativeResources: readonly NativeResource[] = [
  {
    name: "Pipe",
    engine: asEngine(pipeEngine),
    spec: pipeSpecShape,
    diff: pipeDiff,
    serverOutputs: typed(pipeComputed),
    fixedOutputs: ["createdAt"],
    collides: (olds, news) => pipesCollide(olds as never, news as never),
    credentials: { key: "sourceSecrets", shape: credentialShape(pipePolicy, pipeSpecShape) },
    prepare(inputs, resourceName) {
      const out = named(inputs, resourceName);
      const source = out.source;
      if (source === null || typeof source !== "object" || Array.isArray(source)) return out;
      const split = splitSourceSecrets(source);
      const given = (out.sourceSecrets ?? {}) as Obj;
      return { ...out, source: split.source, sourceSecrets: { ...given, ...split.secrets } };
    },
  },
  {
    name: "ReversePrivateEndpoint",
    engine: asEngine(endpointEngine),
    spec: endpointSpecShape,
    diff: endpointDiff,
    serverOutputs: typed(endpointComputed),
    fixedOutputs: [],
    collides: (olds, news) => endpointsCollide(olds as never, news as never),
    prepare: (inputs) => inputs,
  },
  {
    name: "StackDashboard",
    engine: asEngine(dashboardEngine),
    spec: objectOf(stackDashboardSpec),
    diff: dashboardDiff,
    serverOutputs: typed(dashboardComputed),
    fixedOutputs: [],
    prepare: named,
  },
  {
    name: "StackAlert",
    engine: asEngine(alertEngine),
    spec: objectOf(stackAlertSpec),
    diff: alertDiff,
    serverOutputs: typed(alertComputed),
    fixedOutputs: ["createdAt"],
    prepare: named,
  },
  {
    name: "StackSavedSearch",
    engine: asEngine(savedSearchEngine),
    spec: objectOf(stackSavedSearchSpec),
    diff: savedSearchDiff,
    serverOutputs: typed(savedSearchComputed),
    fixedOutputs: ["createdAt"],
    prepare: named,
  },
];

/** The package's name in type tokens, config keys and the plugin's name. */
export const PACKAGE = RESOURCE_MODULE;

/** `pipestack:index:<name>`. */
export const tokenOf = (r: Pick<NativeResource, "name">): string => nativeTypeToken(r.name);

/** The resource a type token names, if any. */
export function resourceOf(token: string): NativeResource | undefined {
  return nativeResources.find((r) => tokenOf(r) === token);
}
