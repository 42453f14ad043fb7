/**
 * The engines as the Pulumi engine drives them: property bags in, property bags out. Tests build
 * those bags by hand (also broken ones), so they see the engines through this untyped view; the
 * engines themselves are typed from the schemas.
 */
import { wouldCollide as pipeWouldCollide } from "../../provider/resources/pipe/diff";
import { definitionOf, type ResourceTypeName } from "../../provider/registry";
import type { Diff } from "../../provider/engine/field-diff";

type Obj = Record<string, any>;

export interface Engine {
  configure(req: { config: { get(key: string): string | undefined } }): Promise<void>;
  check(olds: Obj, news: Obj): Promise<{ inputs?: Obj; failures?: { property: string; reason: string }[] }>;
  diff(id: string, olds: Obj, news: Obj): Promise<Diff>;
  create(inputs: Obj): Promise<{ id: string; outs: Obj }>;
  read(id: string, props: Obj): Promise<{ id: string; props: Obj }>;
  update(id: string, olds: Obj, news: Obj): Promise<{ outs: Obj }>;
  delete(id: string, props: Obj): Promise<void>;
}

/** The engine of a registered kind, as the Pulumi engine drives it. */
export const engineOf = (type: ResourceTypeName): Engine => definitionOf(type).provider as unknown as Engine;

export const pipeEngine = engineOf("Pipe");
export const dashboardEngine = engineOf("StackDashboard");
export const alertEngine = engineOf("StackAlert");
export const endpointEngine = engineOf("ReversePrivateEndpoint");
export const savedSearchEngine = engineOf("StackSavedSearch");
export const webhookEngine = engineOf("StackWebhook");
export const wouldCollide = pipeWouldCollide as (olds: Obj, news: Obj) => boolean;

/**
 * Old inputs for a `check` that is not a create's: a create's check (no old inputs) makes one
 * read of the API (see provider/engine/create-gate.ts, tested in create-gate.test.ts); tests of
 * validation alone check as for an existing object, which sends nothing.
 */
export const EXISTING: Obj = { name: "(old inputs of an existing object)" };
