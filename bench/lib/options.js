// Command-line options of `npm run bench` (scripts/bench.js).
"use strict";
const os = require("node:os");
const path = require("node:path");
const { parseArgs } = require("node:util");
const { KINDS, FACES } = require("./kinds");
const { MODES } = require("./modes");

const root = path.resolve(__dirname, "..", "..");

const USAGE = `usage: node scripts/bench.js [options]

  --latency-ms A,B   delays the emulator adds before every API response (default 25,150); the
                     per-kind runs and the large-service case run at each, the rest at the first
  --parts LIST       what to run (default all): classic (the sizes below, the floor, the native
                     face, skipped checkpoints), kinds (every kind, face and latency: create,
                     no-op preview, update, destroy), large (the 2,000-pipe case), rate-limited,
                     types (what the package's types cost a program's compiler: tsc on a program of
                     every kind against the same program with the SDK alone, and a one-pipe
                     preview; alone, \`--parts types\` writes only bench/type-check.json and .md),
                     move (a move from Terraform of 200 pipes, rehearsed on the emulator at the
                     first latency: its own file, bench/from-terraform.json; alone, it writes only
                     that and, with --write, its sentence in docs/from-terraform.md and performance.md),
                     scale (a stack of many pipes, issue 45: at each --scale-sizes, in each --modes,
                     on each face, the pipes and the engine's floor: up, no-op preview, a change of
                     all, destroy; CPU and peak memory of each process, state bytes per resource)
  --sizes A,B,C      resource counts of the classic CLI runs (default 1,10,50,200); each size runs
                     the pipes and as many no-op dynamic resources (the engine's floor); the
                     largest also runs the native plugin's pipes and a native plugin's no-op resources
  --scale-sizes A,B  pipes of the scale part (default 200; e.g. 200,1000,2000)
  --modes LIST       the engine's modes of the scale part (default default,skip-checkpoints; also
                     new-cli and new-cli-skip: the newer CLI 3.276, see bench/lib/scale.js)
  --kinds LIST       kinds of the per-kind runs (default ${Object.keys(KINDS).join(",")})
  --faces LIST       faces of the per-kind, large and rate-limited runs (default ${FACES.join(",")})
  --pipes N          pipes of a per-kind run (default 200)
  --stack-objects N  resources of a per-kind run of the other kinds (default 20)
  --existing-pipes N pipes already in the service in the large case (default 2000)
  --new-pipes N      pipes the large case's \`up\` adds (default 20)
  --quick            smoke run: sizes 1,10, per-kind runs of 10 pipes and 5 of the other kinds, a
                     large case of 200 + 5 pipes, and 5 repetitions of the overhead loops
  --repetitions N    repetitions per operation of the overhead comparison (default 20)
  --write            update the committed results: bench/results.json, bench/results.md and the
                     figures of docs/performance.md and docs/native-provider.md (without it no
                     tracked file changes); the figures of the parts not run are kept from the
                     committed results, each with the date of its run
  --out FILE         results file (default: a file under the system's temp folder, or
                     bench/results.json with --write); the table goes beside it as .md
  --profile DIR      also write CPU profiles (--cpu-prof) of every process of one more pipe \`up\`
                     at the largest size into DIR, and print where the provider process spent its time
  --help             this text
`;

/** The parts of a run, in the order they run. */
const PARTS = ["classic", "kinds", "large", "rate-limited", "types", "move", "scale"];

/** Parses argv into the run's settings; throws with a readable message on bad input. */
function benchOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      "latency-ms": { type: "string" },
      parts: { type: "string" },
      sizes: { type: "string" },
      "scale-sizes": { type: "string" },
      modes: { type: "string" },
      kinds: { type: "string" },
      faces: { type: "string" },
      pipes: { type: "string" },
      "stack-objects": { type: "string" },
      "existing-pipes": { type: "string" },
      "new-pipes": { type: "string" },
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
  /** A comma list whose every member is one of `known`, in the order given, once each. */
  const list = (name, text, known) => {
    const items = [
      ...new Set(
        text
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ];
    for (const x of items) if (!known.includes(x)) throw new Error(`--${name}: unknown ${JSON.stringify(x)} (known: ${known.join(", ")})`);
    if (!items.length) throw new Error(`--${name} must name at least one of ${known.join(", ")}`);
    return items;
  };
  const quick = Boolean(values.quick);
  const sizes = (values.sizes ?? (quick ? "1,10" : "1,10,50,200")).split(",").map((s) => count("sizes", s.trim(), 1));
  const write = Boolean(values.write);
  const out = path.resolve(values.out ?? (write ? path.join(root, "bench", "results.json") : path.join(os.tmpdir(), "pipestack-bench", "results.json")));
  return {
    help: Boolean(values.help),
    latencies: [...new Set((values["latency-ms"] ?? "25,150").split(",").map((x) => count("latency-ms", x.trim(), 0)))].sort((a, b) => a - b),
    parts: list("parts", values.parts ?? PARTS.join(","), PARTS),
    kinds: list("kinds", values.kinds ?? Object.keys(KINDS).join(","), Object.keys(KINDS)),
    faces: list("faces", values.faces ?? FACES.join(","), FACES),
    pipes: count("pipes", values.pipes ?? (quick ? "10" : "200"), 1),
    stackObjects: count("stack-objects", values["stack-objects"] ?? (quick ? "5" : "20"), 1),
    existingPipes: count("existing-pipes", values["existing-pipes"] ?? (quick ? "200" : "2000"), 1),
    newPipes: count("new-pipes", values["new-pipes"] ?? (quick ? "5" : "20"), 1),
    sizes: [...new Set(sizes)].sort((a, b) => a - b),
    scaleSizes: [...new Set((values["scale-sizes"] ?? (quick ? "10" : "200")).split(",").map((x) => count("scale-sizes", x.trim(), 1)))].sort((a, b) => a - b),
    modes: list("modes", values.modes ?? "default,skip-checkpoints", Object.keys(MODES)),
    quick,
    repetitions: count("repetitions", values.repetitions ?? (quick ? "5" : "20"), 1),
    out,
    outMd: out.replace(/\.json$/i, "") + ".md",
    write,
    readme: write ? path.join(root, "docs", "performance.md") : undefined,
    nativePage: write ? path.join(root, "docs", "native-provider.md") : undefined,
    profileDir: values.profile === undefined ? undefined : path.resolve(values.profile),
    moveOut: write ? path.join(root, "bench", "from-terraform.json") : path.join(path.dirname(out), "from-terraform.json"),
    typeCheckOut: write ? path.join(root, "bench", "type-check.json") : path.join(path.dirname(out), "type-check.json"),
  };
}

module.exports = { benchOptions, USAGE, root, PARTS };
