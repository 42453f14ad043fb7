/**
 * Drives an engine as `pulumi up` and `pulumi preview` do (check, then create or diff + update),
 * against whatever server its settings name. No assertions live here.
 */
import { forgetSnapshots } from "../../provider/engine/shared-list";
import { EXISTING, type Engine } from "./engines";

type Obj = Record<string, any>;

/** A deployed object as state keeps it. */
export interface Deployed {
  id: string;
  outs: Obj;
}

/** `check`, failing loudly with its failures. */
export async function checked(engine: Engine, inputs: Obj): Promise<Obj> {
  const result = await engine.check(EXISTING, inputs);
  if (result.failures?.length) throw new Error(`check failed: ${JSON.stringify(result.failures)}`);
  return result.inputs!;
}

/** `pulumi up` of one object: create it, or diff and update it; also returns the diff seen. */
export async function up(engine: Engine, inputs: Obj, prior?: Deployed): Promise<Deployed & { diff?: Awaited<ReturnType<Engine["diff"]>> }> {
  const news = await checked(engine, inputs);
  if (!prior) {
    const { id, outs } = await engine.create(news);
    return { id, outs: outs ?? {} };
  }
  const diff = await engine.diff(prior.id, prior.outs, news);
  if (!diff.changes) return { ...prior, diff };
  if (diff.replaces?.length) throw new Error(`unexpected replacement of ${diff.replaces.join(", ")}`);
  const { outs } = await engine.update(prior.id, prior.outs, news);
  return { id: prior.id, outs: outs ?? {}, diff };
}

/**
 * `pulumi preview` right after `up`: the diff of the stored outputs against the same program, in
 * a provider process of its own (nothing the `up` read is known to it).
 */
export async function preview(engine: Engine, inputs: Obj, state: Deployed) {
  forgetSnapshots();
  return engine.diff(state.id, state.outs, await checked(engine, inputs));
}
