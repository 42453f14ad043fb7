// Where the dynamic-provider process spends its CPU: reads the V8 CPU profiles (`--cpu-prof`) a
// profiled CLI run wrote, keeps those of provider processes (their stack holds the SDK's
// `cmd/dynamic-provider`) and sums self time by origin (this package, the SDK, gRPC and protobuf,
// undici, zod, Node.js itself, garbage collection) and by function.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const ORIGINS = [
  ["package", /\/(pulumi-pipestack|dist\/provider)\//],
  ["sdk", /@pulumi\/pulumi\//],
  ["grpc+protobuf", /@grpc\/|google-protobuf|protobufjs/],
  ["undici", /\/undici\//],
  ["zod", /\/zod\//],
  ["other modules", /node_modules\//],
];

function originOf(frame) {
  if (frame.functionName === "(garbage collector)") return "gc";
  if (frame.functionName === "(program)") return "v8";
  for (const [name, re] of ORIGINS) if (re.test(frame.url)) return name;
  return "node";
}

/** Self time per node id, in ms. */
function selfTimes(profile) {
  const self = new Map();
  const { samples = [], timeDeltas = [] } = profile;
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the gap to the next one (the last gets none).
    const ms = (timeDeltas[i + 1] ?? 0) / 1000;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + ms);
  }
  return self;
}

function shortUrl(url) {
  const i = url.lastIndexOf("node_modules/");
  return i >= 0 ? url.slice(i + "node_modules/".length) : url.replace(/^.*\/(dist\/)/, "$1");
}

/** Summary of the provider processes' profiles in `dir`: busy ms, ms by origin, the top functions. */
function summarizeProfiles(dir, top = 15) {
  const byOrigin = {};
  const byFunction = new Map();
  let processes = 0;
  let busyMs = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    if (!profile.nodes.some((n) => n.callFrame.url.includes("cmd/dynamic-provider"))) continue;
    processes++;
    const self = selfTimes(profile);
    for (const node of profile.nodes) {
      const ms = self.get(node.id) ?? 0;
      if (!ms || node.callFrame.functionName === "(idle)") continue;
      busyMs += ms;
      const origin = originOf(node.callFrame);
      byOrigin[origin] = (byOrigin[origin] ?? 0) + ms;
      const key = `${node.callFrame.functionName || "(anonymous)"} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    }
  }
  const round = (x) => Math.round(x);
  return {
    processes,
    busyMs: round(busyMs),
    byOriginMs: Object.fromEntries(
      Object.entries(byOrigin)
        .sort(([, a], [, b]) => b - a)
        .map(([k, v]) => [k, round(v)]),
    ),
    topFunctionsMs: [...byFunction.entries()]
      .sort(([, a], [, b]) => b - a)
      .slice(0, top)
      .map(([k, v]) => [k, round(v)]),
  };
}

module.exports = { summarizeProfiles };
