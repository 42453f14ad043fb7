/**
 * The engines as the Pulumi engine drives them: property bags in, property bags out. Tests build
 * those bags by hand (also broken ones), so they see the engines through this untyped view; the
 * engines themselves are typed from the schemas.
 */
import { provider as pipe } from "../../provider/resources/pipe/engine";
import { wouldCollide as pipeWouldCollide } from "../../provider/resources/pipe/diff-answer";
import { provider as alert } from "../../provider/resources/stack-alert/engine";
import { provider as dashboard } from "../../provider/resources/stack-dashboard/engine";
import { provider as endpoint } from "../../provider/resources/reverse-private-endpoint/engine";
import { provider as savedSearch } from "../../provider/resources/stack-saved-search/engine";
import { provider as webhook } from "../../provider/resources/stack-webhook/engine";
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

export const pipeEngine = pipe as unknown as Engine;
export const dashboardEngine = dashboard as unknown as Engine;
export const alertEngine = alert as unknown as Engine;
export const endpointEngine = endpoint as unknown as Engine;
export const savedSearchEngine = savedSearch as unknown as Engine;
export const webhookEngine = webhook as unknown as Engine;
export const wouldCollide = pipeWouldCollide as (olds: Obj, news: Obj) => boolean;

/**
 * Old inputs for a `check` that is not a create's: a create's check (no old inputs) makes one
 * read of the API (see provider/engine/create-gate.ts, tested in create-gate.test.ts); tests of
 * validation alone check as for an existing object, which sends nothing.
 */
export const EXISTING: Obj = { name: "(old inputs of an existing object)" };
