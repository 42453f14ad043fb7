import type { StackTarget } from "../../client/stack-target";
import { createMarker } from "../../engine/create-once";
import { defineEngine } from "../../engine/define-engine";
import { recorded } from "../../engine/init-error";
import { markedObject } from "../../engine/stack/marked-object";
import { checkStackObject, withTarget } from "../../engine/stack/target";
import { unmarked } from "../../engine/stack/unmark";
import { createSource, getSource, putSource, sources } from "./api";
import { sourceBody, sourceOutputs } from "./body";
import { sourceDiff } from "./diff";
import { linkBack, unlinkBack } from "./links";
import type { SourceInputs, SourceOutputs } from "./policy";
import type { SourceRecord } from "./record";
import { sourceRuleFailures, stackSourceSpec } from "./schema";

/** Sources are written through a route of the current servers only (`source writes`, in messages). */
const stackSources = markedObject(sources, "source writes", put);

async function create(t: StackTarget, inputs: SourceInputs): Promise<{ id: string; outs: SourceOutputs }> {
  // The create's marker rides in `name` (the server keeps no name unique); the PUT right after gives the source the program's name.
  const body = sourceBody(inputs);
  const created = await createSource(t, body, { field: "name", value: createMarker() });
  const again = () => putSource(t, created.id, body);
  const updated = await unmarked("source", created.id, again, () => recorded(sourceOutputs(created, inputs), inputs));
  await linkBack(t, created.id, inputs);
  return { id: created.id, outs: sourceOutputs(updated, inputs) };
}

/**
 * One PUT of the whole source (also to adopt one), after one GET: the links the program leaves
 * out are sent as the server holds them now (another source may have set them), so the full
 * replace keeps them.
 */
async function put(t: StackTarget, id: string, inputs: SourceInputs): Promise<SourceOutputs> {
  const live = await getSource(t, id);
  const outs = sourceOutputs(await putSource(t, id, sourceBody(inputs, live)), inputs);
  await linkBack(t, id, inputs);
  return outs;
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-source`). */
export const provider = defineEngine<SourceInputs, SourceOutputs, StackTarget, SourceRecord>({
  ...stackSources,
  // A delete first takes off the links back it set (`linkBack`).
  remove: async (t, id, props) => {
    await unlinkBack(t, id, props);
    await stackSources.remove(t, id, props);
  },
  // Values not known yet pass.
  validate: (news) => checkStackObject(news, stackSourceSpec, sourceRuleFailures),
  // Every field updates in place, a move to another stack replaces.
  rules: sourceDiff,
  create,
  refreshed: (live, props) => sourceOutputs(live, withTarget(props)),
});
