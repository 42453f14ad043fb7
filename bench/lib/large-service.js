// The 2,000-pipe case of `npm run bench`: a service that already holds many pipes (seeded through
// the emulator's state file, not through the CLI), then an `up` of a few new pipes beside them:
// requests, full pipe-list reads, bytes read and wall time. The bytes are counted by a loopback
// proxy in front of the emulator (every byte of every answer, headers included).
"use strict";
const fs = require("node:fs");
const net = require("node:net");
const os = require("node:os");
const path = require("node:path");
const { randomUUID } = require("node:crypto");
const { operationFigures, pipeListReads } = require("./measures");

/**
 * The emulator state file `snapshot` (one service holding one pipe, as the emulator saved it)
 * with that pipe copied `count` times under names, consumer groups and tables of their own
 * (`existing-<i>`), each with a new id; `id` makes the ids (a UUID each).
 */
function seededSnapshot(snapshot, count, id = randomUUID) {
  const service = snapshot.services.find((s) => s.pipes.length > 0);
  if (!service) throw new Error("the seed state file holds no pipe to copy");
  const [template] = service.pipes;
  const pipes = [];
  for (let i = 0; i < count; i++) {
    const copy = JSON.parse(JSON.stringify(template));
    copy.id = id();
    copy.name = `existing-${i}`;
    if (copy.source && typeof copy.source.consumerGroup === "string") copy.source.consumerGroup = `existing-${i}`;
    if (copy.destination && typeof copy.destination.table === "string") copy.destination.table = `existing_${i}`;
    pipes.push(copy);
  }
  return { ...snapshot, services: snapshot.services.map((s) => (s === service ? { ...s, pipes } : s)) };
}

/** A loopback TCP proxy to `port` that counts the bytes the server sends back. */
async function countingProxy(port) {
  let bytes = 0;
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => (client.destroy(), upstream.destroy()));
    }
    upstream.on("data", (d) => (bytes += d.length));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    bytes: () => bytes,
    reset: () => (bytes = 0),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Writes a state file of `existing` pipes to `dir`: one pipe made by the engine in-process
 * (`createOne(emulator)`) on a throwaway emulator that saves to the file, then copied.
 */
async function seedFile({ startEmulator, createOne, existing, dir }) {
  const file = path.join(dir, `seed-${existing}.json`);
  const seed = await startEmulator({ port: 0, stepMs: 0, latencyMs: 0, stateFile: file });
  try {
    await createOne(seed);
  } finally {
    await seed.close();
  }
  const snapshot = seededSnapshot(JSON.parse(fs.readFileSync(file, "utf8")), existing);
  fs.writeFileSync(file, JSON.stringify(snapshot));
  return file;
}

/**
 * On each face and latency: an emulator loaded with the seeded pipes, the workspace pointed at it
 * through the counting proxy, an `up` of `newPipes` pipes and their `destroy`. Points the
 * workspace back at `emulator` at the end.
 */
async function largeServiceRuns({ workspace, emulator, startEmulator, createOne, faces, latencies, existing, newPipes, parallel, timeoutMs, track, log }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-bench-large-"));
  const runs = [];
  try {
    log(`large service: seeding ${existing} pipes through the emulator's state file`);
    const seeded = await seedFile({ startEmulator, createOne, existing, dir });
    for (const face of faces) {
      for (const latencyMs of latencies) {
        const file = path.join(dir, "state.json");
        fs.copyFileSync(seeded, file);
        const large = await startEmulator({ port: 0, stepMs: 0, latencyMs, stateFile: file });
        const proxy = await countingProxy(large.port);
        try {
          await workspace.setAll({ "pipestack:apiUrl": proxy.url, kind: "pipe", face, variant: 0, count: newPipes });
          log(`large service: ${face}, ${latencyMs} ms: up of ${newPipes} new pipes beside ${existing}`);
          large.control.resetStats();
          proxy.reset();
          let previewRequests = null;
          track(true);
          const run = await workspace.up(timeoutMs, { onUpdate: () => (previewRequests = large.control.stats().requests) });
          const stats = large.control.stats();
          const up = operationFigures({ run, stats, previewRequests, resources: newPipes, latencyMs, parallel });
          const bytesRead = proxy.bytes();
          const held = large.control.state().services[large.options.serviceId].pipes.length;
          if (held !== existing + newPipes) throw new Error(`after the up the emulator holds ${held} pipes, not ${existing + newPipes}`);
          const d = await workspace.destroy(timeoutMs);
          track(false);
          runs.push({
            face,
            latencyMs,
            existingPipes: existing,
            newPipes,
            up,
            pipeListReads: pipeListReads(stats.byRoute),
            bytesRead,
            destroySeconds: Number(d.seconds.toFixed(2)),
          });
          log(`  ${up.seconds} s, ${up.requests} requests, ${pipeListReads(stats.byRoute)} full-list reads, ${(bytesRead / 1e6).toFixed(1)} MB read`);
        } finally {
          await proxy.close();
          await large.close();
        }
      }
    }
  } finally {
    await workspace.set("pipestack:apiUrl", emulator.url);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { existingPipes: existing, newPipes, runs };
}

module.exports = { largeServiceRuns, seededSnapshot, countingProxy };
