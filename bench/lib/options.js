// Command-line options of `npm run bench` (scripts/bench.js).
"use strict";
const path = require("node:path");
const { parseArgs } = require("node:util");

const root = path.resolve(__dirname, "..", "..");

const USAGE = `usage: node scripts/bench.js [options]

  --latency-ms N     delay the emulator adds before every API response (default 25)
  --sizes A,B,C      pipe counts of the CLI runs (default 10,50,200)
  --quick            smoke run: sizes 5,10 and 5 repetitions of the overhead loops
  --repetitions N    repetitions per operation of the overhead comparison (default 20)
  --out FILE         results file (default bench/results.json); the table goes beside it as .md
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
  const sizes = (values.sizes ?? (quick ? "5,10" : "10,50,200")).split(",").map((s) => count("sizes", s.trim(), 1));
  const out = path.resolve(values.out ?? path.join(root, "bench", "results.json"));
  return {
    help: Boolean(values.help),
    latencyMs: count("latency-ms", values["latency-ms"] ?? "25", 0),
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    quick,
    repetitions: count("repetitions", values.repetitions ?? (quick ? "5" : "20"), 1),
    out,
    outMd: out.replace(/\.json$/i, "") + ".md",
  };
}

module.exports = { benchOptions, USAGE, root };
