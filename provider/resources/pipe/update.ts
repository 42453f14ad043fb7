import { addedTo, PipeNotPausedError, PipestackError, PollTimeoutError } from "../../errors";
import type { CloudService } from "../../client/cloud";
import { pollUntil } from "../../client/poll";
import type { PipeInputs, PipeOutputs } from "./policy";
import { timing } from "../../engine/cloud-object";
import { fieldChanges } from "../../engine/field-diff";
import { getPipe, patchPipe, patchScaling, pollPipe, putSettings, sendCommand } from "./api";
import { pipeDiff } from "./diff";
import { pipeOutputs, type ApiPipe, secretsOf } from "./body";
import { runTargetOf, settlePipe } from "./settle";
import { isHalted, isStoppedState } from "./states";
import { reportProgress } from "../../progress/report";
import { planUpdate } from "./update-plan";

const isPaused = (p: ApiPipe | "gone") => p !== "gone" && (p.state === "Paused" || p.state === "Stopped");

/**
 * Runs `edit` with the pipe paused: stop, wait for `Paused`/`Stopped`, edit, start. The pipe is
 * started again also when the edit fails (a pipe we paused is never left paused); one that was
 * already paused before is left as it was. True when it sent a start.
 */
async function whilePaused(svc: CloudService, id: string, news: PipeInputs, edit: () => Promise<void>): Promise<boolean> {
  if (isPaused(await getPipe(svc, id))) {
    await edit();
    return false;
  }
  await sendCommand(svc, id, "stop");
  let failure: Error | undefined;
  try {
    await pollPipe(svc, id, isPaused, timing(news));
    await edit();
  } catch (err) {
    failure = err instanceof Error ? err : new PipestackError("PIPESTACK_INTERNAL", String(err));
  }
  try {
    await sendCommand(svc, id, "start");
  } catch (err) {
    if (failure === undefined) throw err;
    throw addedTo(failure, `${failure.message}; starting pipe ${id} again afterwards also failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (failure !== undefined) throw failure;
  return true;
}

/**
 * A PATCH of table mappings sent again while the API still answers `must be paused` (a pipe reads
 * `Paused` a moment before the API takes mapping edits), polled like any wait, up to the pipe's
 * wait time; then that answer is the error.
 */
async function patchWhenPaused(svc: CloudService, id: string, body: Record<string, unknown>, secrets: readonly string[], news: PipeInputs): Promise<void> {
  const attempt = () =>
    patchPipe(svc, id, body, secrets).then(
      () => undefined,
      (err: unknown) => {
        if (err instanceof PipeNotPausedError) return err;
        throw err;
      },
    );
  try {
    await pollUntil(attempt, (refused) => refused === undefined, timing(news));
  } catch (err) {
    throw err instanceof PollTimeoutError ? err.last : err;
  }
}

/**
 * Applies an in-place update: the PATCHes (table mappings with the pipe paused), settings,
 * scaling, run-state commands; then waits for the pipe to settle. A pipe stopped outside Pulumi,
 * with the run state left out of the program, takes the change and stays stopped; with
 * `stopped: false` and no start sent, it is an error at once (see `RunTarget`). An unchanged
 * credential keeps its old fingerprint: no change in state.
 */
export async function applyUpdate(svc: CloudService, id: string, olds: PipeOutputs, news: PipeInputs): Promise<PipeOutputs> {
  const plan = planUpdate(olds, news, fieldChanges(olds, news, pipeDiff));
  const secrets = secretsOf(news);
  let started = false;
  if (plan.patch) {
    const patch = plan.patch;
    if (plan.pause) {
      started = await whilePaused(svc, id, news, async () => {
        await patchWhenPaused(svc, id, patch, secrets, news);
        if (plan.readd) await patchWhenPaused(svc, id, plan.readd, [], news);
      });
    } else {
      await patchPipe(svc, id, patch, secrets);
    }
  }
  if (plan.settings) await putSettings(svc, id, plan.settings);
  if (plan.scaling) await patchScaling(svc, id, plan.scaling);
  for (const command of plan.commands) {
    // A resync right after a start waits until the pipe runs again.
    if (command === "resync" && plan.commands[0] === "start") await settlePipe(svc, await getPipe(svc, id), news, "was started", "started");
    // Old outputs may predate `stopped`: a start of a running pipe (or a stop of a stopped one) is refused, and not needed.
    if (command !== "resync" && isStoppedState((await getPipe(svc, id)).state) === (command === "stop")) continue;
    await sendCommand(svc, id, command);
    if (command === "start") started = true;
  }
  const target = runTargetOf(news);
  const final = await settlePipe(svc, await getPipe(svc, id), news, "was updated", started && target !== "stopped" ? "started" : target);
  if (target === "as-is" && isHalted(final.state)) {
    reportProgress(
      `pipe ${id} ("${final.name}") is ${final.state}: the change was applied and it stays stopped (the program leaves \`stopped\` out); set \`stopped: false\` to start it`,
    );
  }
  return pipeOutputs(final, news, olds);
}
