import type { CloudService } from "../../client/cloud";
import { ConflictError } from "../../errors";
import type { PipeInputs, PipeOutputs } from "./policy";
import { refuseFixedFields } from "../../engine/adopt";
import { serviceOf, timing } from "../../engine/cloud-object";
import { defineEngine } from "../../engine/define-engine";
import { engineSettings } from "../../engine/engine-settings";
import { fieldChanges } from "../../engine/field-diff";
import { initError } from "../../engine/init-error";
import { createPipe, deletePipe, getPipe, pipeWhereabouts, renameCreated, sendCommand } from "./api";
import { changesFromLive, credentialOnly, wouldCollide, pipeDiff } from "./diff";
import { adoptIdOf, pipeNames, validatePipe } from "./check";
import { pipeOutputs, refreshedOutputs, type ApiPipe, createBody, secretsOf } from "./body";
import { programOf } from "./secrets";
import { settlePipe } from "./settle";
import { completedReplaces, loadsOnce } from "./states";
import { applyUpdate } from "./update";

/**
 * Creates a pipe under a temporary name, renames it, waits for it to settle, and stops it when
 * the program says so. A pipe made but not renamed or not settled is recorded, never lost.
 */
async function create(svc: CloudService, inputs: PipeInputs): Promise<{ id: string; outs: PipeOutputs }> {
  const marked = !loadsOnce(inputs);
  const made = await createPipe(svc, createBody(inputs), secretsOf(inputs), marked);
  const rename = marked ? renameCreated(svc, made, String(inputs.name), timing(inputs)) : Promise.resolve(made);
  const created = await rename.catch((err: unknown) => {
    if (err instanceof ConflictError) throw err;
    // Ours, still under its temporary name: recorded, so the next `up` renames it (or `destroy` deletes it).
    const reason = err instanceof Error ? err.message : String(err);
    throw initError(
      `pipe ${made.id} was created, but giving it its name failed (${reason}); run \`pulumi up\` again`,
      made.id,
      pipeOutputs(made, inputs),
      inputs,
    );
  });
  let settled = await settlePipe(svc, created, inputs, "was created", "running");
  if (inputs.stopped === true) {
    await sendCommand(svc, created.id, "stop");
    settled = await settlePipe(svc, await getPipe(svc, created.id), inputs, "was created and stopped");
  }
  return { id: created.id, outs: pipeOutputs(settled, inputs) };
}

/**
 * Brings an existing pipe under management: it may differ from the program only in what can
 * change in place (that is then applied). Its credentials cannot be read, so they never block it.
 */
async function adopt(svc: CloudService, id: string, inputs: PipeInputs, live: ApiPipe): Promise<PipeOutputs> {
  const { current, changes } = changesFromLive(live, inputs);
  refuseFixedFields("pipe", id, changes, current, inputs);
  return applyUpdate(svc, id, current, inputs);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/pipe`). */
export const provider = defineEngine<PipeInputs, PipeOutputs, CloudService, ApiPipe>({
  validate: validatePipe,
  names: pipeNames,
  at: serviceOf,
  whereabouts: pipeWhereabouts,
  rules: pipeDiff,
  // A pipe that loads once and has completed takes no update: its in-place changes replace it.
  changes: (olds, news) => completedReplaces(olds.state, fieldChanges(olds, news, pipeDiff)),
  collides: wouldCollide,
  engineCompares: credentialOnly,
  adoptId: (inputs) => adoptIdOf(inputs, engineSettings().adopt),
  // Credentials live apart, in `sourceSecrets`: the policy's paths point into the source.
  program: (inputs) => programOf(inputs),
  create,
  adopt,
  update: applyUpdate,
  // With no prior state the outputs are still whole: the service comes from configuration.
  refreshed: (live, props, svc) => refreshedOutputs(live, { ...svc.ref, ...props }),
  // Waits until the service no longer lists it (see `./gone`).
  remove: (svc, id, props) => deletePipe(svc, id, timing(props)),
});
