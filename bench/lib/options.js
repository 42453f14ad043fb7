// Command-line options of `npm run bench` (scripts/bench.js).
"use strict";
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");

const root = path.resolve(__dirname, "..", "..");

const USAGE = `usage: node scripts/bench.js [options]

  --latency-ms N     delay the emulator adds before every API response (default 25)
  --sizes A,B,C      resource counts of the CLI runs (default 1,10,50,200); each size runs the
                     pipes and as many no-op dynamic resources (the engine's floor); the largest
                     also runs the native plugin's pipes and a native plugin's no-op resources
  --quick            smoke run: sizes 1,10 and 5 repetitions of the overhead loops
  --repetitions N    repetitions per operation of the overhead comparison (default 20)
  --write            update the committed results: bench/results.json, bench/results.md and the
                     figures of docs/performance.md and docs/native-provider.md (without it no
                     tracked file changes)
  --out FILE         results file (default: a file under the system's temp folder, or
                     bench/results.json with --write); the table goes beside it as .md
  --profile DIR      also write CPU profiles (--cpu-prof) of every process of one more pipe \`up\`
                     at the largest size into DIR, and print where the provider process spent its time
  --help             this text
`;

/** Parses argv into the run's settings; throws with a readable message on bad input. */
function benchOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      "latency-ms": { type: "string" },
      sizes: { type: "string" },
      quick: { type: "boolean" },
      repetitions: { type: "string" },
      out: { type: "string" },
      write: { type: "boolean" },
      profile: { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  const count = (name, text, min) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got ${text}`);
    return n;
  };
  const quick = Boolean(values.quick);
  const sizes = (values.sizes ?? (quick ? "1,10" : "1,10,50,200")).split(",").map((s) => count("sizes", s.trim(), 1));
  const write = Boolean(values.write);
  const out = path.resolve(values.out ?? (write ? path.join(root, "bench", "results.json") : path.join(os.tmpdir(), "pipestack-bench", "results.json")));
  return {
    help: Boolean(values.help),
    latencyMs: count("latency-ms", values["latency-ms"] ?? "25", 0),
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    quick,
    repetitions: count("repetitions", values.repetitions ?? (quick ? "5" : "20"), 1),
    out,
    outMd: out.replace(/\.json$/i, "") + ".md",
    write,
    readme: write ? path.join(root, "docs", "performance.md") : undefined,
    nativePage: write ? path.join(root, "docs", "native-provider.md") : undefined,
    profileDir: values.profile === undefined ? undefined : path.resolve(values.profile),
  };
}

module.exports = { benchOptions, USAGE, root };
