// The per-kind runs of `npm run bench`: for one resource kind, face and latency, the CLI's create
// (`up`, with its preview), a no-op `preview`, an in-place update (`up`) and `destroy` of `count`
// resources of the bench program, each with its wall time, CPU and the emulator's request counts
// (bench/lib/measures.js makes the figures of them).
"use strict";
const { KINDS } = require("./kinds");
const { operationFigures } = require("./measures");

/** How many objects of `kind` the emulator's state (control API) holds in the bench's service. */
function storedCount(state, serviceId, kind) {
  const service = state.services?.[serviceId];
  if (!service) return 0;
  const spec = KINDS[kind];
  if (!spec) throw new Error(`unknown kind ${kind}`);
  return spec.stored(service).length;
}

/**
 * Tells the bench program the ids its stack objects name: the service stack's log source (tiles
 * and saved searches query it) and its webhook (alerts notify it). The emulator seeds both, with
 * the same ids on every start.
 */
async function nameStackIds(workspace, emulator) {
  const stack = emulator.control.state().services[emulator.options.serviceId]?.stack;
  const logs = stack?.sources.find((x) => x.kind === "log");
  const hook = stack?.webhooks[0];
  if (!logs || !hook) throw new Error("the emulator's service stack has no log source or no webhook");
  await workspace.setAll({ logSourceId: logs.id, webhookId: hook.id });
}

/**
 * Runs the four operations on `count` resources of `kind` on `face` with `latencyMs` per API
 * request, on a stack with nothing in it; leaves it empty again. `track(has)` tells the caller
 * whether the stack holds resources (for its cleanup).
 */
async function kindRuns({ workspace, emulator, kind, face, count, latencyMs, parallel, timeoutMs, track, log }) {
  const spec = KINDS[kind];
  const serviceId = emulator.options.serviceId;
  emulator.control.reset();
  emulator.control.setFaults({ latencyMs });
  const seeded = storedCount(emulator.control.state(), serviceId, kind); // the emulator seeds some endpoints
  await workspace.setAll({ kind, face, count, variant: 0, baseOnly: spec.base });
  if (spec.base) {
    track(true);
    await workspace.up(timeoutMs);
    await workspace.set("baseOnly", false);
  }

  /** Runs `op` with the counters at zero, and the requests of its preview phase. */
  const measured = async (op) => {
    emulator.control.resetStats();
    let previewRequests = null;
    const run = await op(() => (previewRequests = emulator.control.stats().requests));
    return operationFigures({ run, stats: emulator.control.stats(), previewRequests, resources: count, latencyMs, parallel });
  };

  log(`${face} ${kind} x${count} at ${latencyMs} ms: create`);
  track(true);
  const create = await measured((onUpdate) => workspace.up(timeoutMs, { onUpdate }));
  const held = storedCount(emulator.control.state(), serviceId, kind);
  if (held !== seeded + count) throw new Error(`after the create of ${count} ${kind} resources the emulator holds ${held - seeded} of them`);
  // A preview is all preview phase: its requests are the engine's one-at-a-time reads.
  const preview = await measured(async (onUpdate) => {
    const run = await workspace.preview(timeoutMs);
    onUpdate();
    return run;
  });
  await workspace.set("variant", 1);
  const update = await measured((onUpdate) => workspace.up(timeoutMs, { onUpdate }));
  // A kind with a base loses only its own resources; the base goes afterwards, unmeasured.
  const targets = spec.base ? await workspace.urnsOfType(spec.type) : [];
  const destroy = await measured((onUpdate) => workspace.destroy(timeoutMs, { onUpdate, targets }));
  const left = storedCount(emulator.control.state(), serviceId, kind);
  if (left !== seeded) throw new Error(`after the destroy of ${count} ${kind} resources the emulator holds ${left - seeded} of them`);
  if (spec.base) await workspace.destroy(timeoutMs);
  track(false);
  const ops = { create, preview, update, destroy };
  log(
    `  ${Object.entries(ops)
      .map(([k, o]) => `${k} ${o.seconds} s, ${o.requestsPerResource} req/resource, x${o.effectiveParallelism} in flight`)
      .join("; ")}`,
  );
  return { face, kind, latencyMs, resources: count, ops };
}

module.exports = { kindRuns, nameStackIds, storedCount };
