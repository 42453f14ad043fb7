// The engine-side pipe provider driven in-process against the emulator, as the provider tests do:
// HTTP requests per operation (the emulator's counters), and provider time over the time of the
// same requests sent by a bare undici loop.
"use strict";
const path = require("node:path");
const diagnostics = require("node:diagnostics_channel");
const { Agent, request } = require("undici");
const { root } = require("./options");

const dist = (...p) => require(path.join(root, "dist", ...p));

/** A Kafka pipe as the bench program writes it (`bench/program/index.ts`). */
function pipeSpec(i) {
  const columns = [
    { name: "id", type: "String" },
    { name: "ts", type: "DateTime" },
    { name: "value", type: "Float64" },
  ];
  return {
    name: `bench-${i}`,
    source: {
      kafka: {
        format: "JSONEachRow",
        brokers: "broker-1.example.test:9092",
        topics: "events",
        consumerGroup: `bench-${i}`,
        authentication: "PLAIN",
        credentials: { username: "ingest", password: "bench-password" },
      },
    },
    destination: { database: "default", table: `bench_${i}`, managedTable: true, columns },
    fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
  };
}

/** Points the engine side's settings at the emulator, as stack config would. */
function configureEngine(emulator) {
  const config = {
    "pipestack:apiUrl": emulator.url,
    "pipestack:keyId": emulator.options.keyId,
    "pipestack:keySecret": emulator.options.keySecret,
    "pipestack:organizationId": emulator.options.organizationId,
    "pipestack:serviceId": emulator.options.serviceId,
  };
  dist("provider", "engine", "engine-settings.js").configure({ config: { get: (key) => config[key] } });
}

/** What the program side hands the engine for a spec (secrets split out), then `check`ed. */
async function checked(provider, spec, olds = {}) {
  const { splitSourceSecrets } = dist("provider", "resources", "pipe", "secrets.js");
  const { source, secrets } = splitSourceSecrets(spec.source);
  const news = JSON.parse(JSON.stringify({ ...spec, source, sourceSecrets: secrets }));
  const result = await provider.check(olds, news);
  if (result.failures.length) throw new Error(`check failed: ${JSON.stringify(result.failures)}`);
  return result.inputs;
}

/** Runs `fn` and returns how many API requests (and which routes) the emulator counted. */
async function counted(emulator, fn) {
  emulator.control.resetStats();
  const value = await fn();
  const stats = emulator.control.stats();
  return { value, requests: stats.requests, byRoute: stats.byRoute };
}

/** Creates the bench's first pipe on `emulator` through the engine in-process (the engine is left pointed at it). */
async function createPipe(emulator) {
  const { provider } = dist("provider", "resources", "pipe", "engine.js");
  configureEngine(emulator);
  return provider.create(await checked(provider, pipeSpec(0)));
}

/** Requests per operation on a pipe that settles at once (emulator `stepMs: 0`). */
async function requestsPerOperation(emulator) {
  const { provider } = dist("provider", "resources", "pipe", "engine.js");
  emulator.control.reset();
  const inputs = await checked(provider, pipeSpec(0));
  const create = await counted(emulator, () => provider.create(inputs));
  const { id, outs } = create.value;
  const read = await counted(emulator, () => provider.read(id, outs));
  if (read.value.id !== id) throw new Error(`read of ${id} answered id ${read.value.id}`);
  const noopPreview = await counted(emulator, async () => {
    const news = await checked(provider, pipeSpec(0), read.value.props);
    const d = await provider.diff(id, read.value.props, news);
    if (d.changes) throw new Error(`no-op preview: diff reports changes ${JSON.stringify(d)}`);
  });
  const renamed = await checked(provider, { ...pipeSpec(0), name: "bench-0-renamed" }, read.value.props);
  const update = await counted(emulator, () => provider.update(id, read.value.props, renamed));
  const del = await counted(emulator, () => provider.delete(id, update.value.outs));
  const left = Object.values(emulator.control.state().services).flatMap((s) => s.pipes);
  if (left.length) throw new Error(`delete left ${left.length} pipe(s) behind`);
  const ops = { create, read, update, delete: del, noopPreview };
  const counts = {};
  const routes = {};
  for (const [op, r] of Object.entries(ops)) {
    counts[op] = r.requests;
    routes[op] = r.byRoute;
  }
  return { counts, routes };
}

/** Records the HTTP requests `fn` sends through undici (method, URL, headers, body). */
async function recorded(fn) {
  const sent = [];
  const listener = ({ request: r }) => {
    const pairs = Array.isArray(r.headers)
      ? r.headers
      : String(r.headers)
          .split("\r\n")
          .filter(Boolean)
          .flatMap((l) => l.split(/:\s*/, 2));
    const headers = {};
    for (let i = 0; i < pairs.length; i += 2) {
      const k = String(pairs[i]).toLowerCase();
      if (k !== "content-length" && k !== "host") headers[k] = String(pairs[i + 1]);
    }
    const body = r.body == null ? undefined : Buffer.from(r.body).toString("utf8");
    const entry = { method: r.method, url: `${r.origin}${r.path}`, headers, body, status: undefined };
    byRequest.set(r, entry);
    sent.push(entry);
  };
  const answered = ({ request: r, response }) => {
    const entry = byRequest.get(r);
    if (entry) entry.status = response.statusCode;
  };
  const byRequest = new WeakMap();
  diagnostics.subscribe("undici:request:create", listener);
  diagnostics.subscribe("undici:request:headers", answered);
  try {
    const value = await fn();
    return { value, sent };
  } finally {
    diagnostics.unsubscribe("undici:request:create", listener);
    diagnostics.unsubscribe("undici:request:headers", answered);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/**
 * Median time of the provider's create, read and delete, and of a bare undici loop sending the
 * same requests (same keep-alive Agent settings, same headers and bodies) on the same emulator,
 * alternating which goes first; each after `warmup` untimed rounds.
 */
async function overhead(emulator, repetitions, warmup = 3) {
  const { provider } = dist("provider", "resources", "pipe", "engine.js");
  // The provider's pool settings (provider/client/dispatcher.ts), in a pool of the bare loop's own.
  const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 32, pipelining: 1 });
  const bare = async (sent, fromId, toId) => {
    for (const r of sent) {
      const url = fromId ? r.url.replaceAll(fromId, toId) : r.url;
      const res = await request(url, { method: r.method, headers: r.headers, body: r.body, dispatcher: agent });
      const text = await res.body.text();
      // A create's later requests (the rename right after its POST) name the pipe the POST made.
      if (r.method === "POST" && r.createdId && res.statusCode === 200) [fromId, toId] = [r.createdId, JSON.parse(text).result.id];
      // The same answers as the provider got, or the comparison is not of the same work.
      if (res.statusCode !== r.status) throw new Error(`bare ${r.method} ${url}: ${res.statusCode}, the provider got ${r.status}`);
    }
  };
  const inputs = await checked(provider, pipeSpec(0));
  // Each timed create has a name of its own: the provider keeps the run's pipe list in memory
  // (applying its own creates to it), and an emulator reset under it would leave that list naming
  // a pipe the reset removed, which the create then reads the list again to see through.
  const uniqueInputs = [];
  for (let i = 0; i < warmup + repetitions + 1; i++) uniqueInputs.push(await checked(provider, pipeSpec(1000 + i)));
  let nextCreate = 0;
  const fresh = async () => {
    emulator.control.reset();
    return provider.create(inputs);
  };

  // The request sequences, recorded once from the provider itself.
  emulator.control.reset();
  const createRun = await recorded(() => provider.create(uniqueInputs[nextCreate++]));
  const createSeq = createRun.sent.map((r) => (r.method === "POST" ? { ...r, createdId: createRun.value.id } : r));
  const one = await fresh();
  const readSeq = (await recorded(() => provider.read(one.id, one.outs))).sent;
  const deleteSeq = (await recorded(() => provider.delete(one.id, one.outs))).sent;

  const cases = {
    create: {
      provider: async () => {
        emulator.control.reset();
        const own = uniqueInputs[nextCreate++];
        return timed(() => provider.create(own));
      },
      bare: async () => (emulator.control.reset(), timed(() => bare(createSeq))),
      requests: createSeq.length,
    },
    read: {
      provider: async () => {
        const p = await fresh();
        return timed(() => provider.read(p.id, p.outs));
      },
      bare: async () => {
        const p = await fresh();
        return timed(() => bare(readSeq, one.id, p.id));
      },
      requests: readSeq.length,
    },
    delete: {
      provider: async () => {
        const p = await fresh();
        return timed(() => provider.delete(p.id, p.outs));
      },
      bare: async () => {
        const p = await fresh();
        return timed(() => bare(deleteSeq, one.id, p.id));
      },
      requests: deleteSeq.length,
    },
  };
  const ratio = {};
  const ms = {};
  for (const [op, c] of Object.entries(cases)) {
    const times = { provider: [], bare: [] };
    for (let i = 0; i < warmup + repetitions; i++) {
      const order = i % 2 ? ["bare", "provider"] : ["provider", "bare"];
      for (const who of order) {
        const t = await c[who]();
        if (i >= warmup) times[who].push(t);
      }
    }
    const p = median(times.provider);
    const b = median(times.bare);
    ratio[op] = Number((p / b).toFixed(3));
    ms[op] = { provider: Number(p.toFixed(2)), bare: Number(b.toFixed(2)), requests: c.requests, repetitions };
  }
  emulator.control.reset();
  await agent.close();
  return { ratio, ms };
}

module.exports = { configureEngine, requestsPerOperation, overhead, createPipe };
