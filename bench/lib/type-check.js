// The type-check part of `npm run bench` (`--parts types`): what the package costs a program's
// compiler. Pulumi type-checks a TypeScript program on every `preview` and `up`, so the cost of
// the package's published types is paid on each. Compiles bench/type-check/every-kind.ts (every
// resource kind and function of the package) and its twin pulumi-only.ts (the same program
// without the package) with `tsc --noEmit --extendedDiagnostics`, in a throwaway project whose
// compiler settings are those `pulumi new typescript` writes (no skipLibCheck: every .d.ts the
// program reaches is checked), and reports types, instantiations and check time of both and
// their ratios. Counts are deterministic (test/package/type-check-cost.test.ts holds them under
// the bound); times are not, so they are reported, never asserted.
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { execFile } = require("node:child_process");

const root = path.resolve(__dirname, "..", "..");

/** The bound of issue 35: the package's program within 1.3x of the SDK alone. */
const BOUND = 1.3;

/** `pulumi new typescript`'s compiler settings (its tsconfig.json), with nothing emitted. */
const COMPILER_OPTIONS = { ...require("./template-compiler-options"), noEmit: true };

/** The programs: the package's and its twin without it. */
const PROGRAMS = { everyKind: "every-kind.ts", pulumiOnly: "pulumi-only.ts" };

/**
 * A project folder as a user's: the program, its tsconfig.json, and node_modules with
 * `@pulumi/pulumi`, `@types/node` and `pulumi-pipestack` (this checkout, its built dist/).
 */
function makeProject(file, source = fs.readFileSync(path.join(root, "bench", "type-check", file), "utf8"), compilerOptions = COMPILER_OPTIONS) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-type-check-"));
  fs.writeFileSync(path.join(dir, "index.ts"), source);
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["index.ts"] }, null, 2));
  const modules = path.join(dir, "node_modules");
  fs.mkdirSync(path.join(modules, "@pulumi"), { recursive: true });
  fs.mkdirSync(path.join(modules, "@types"), { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules", "@pulumi", "pulumi"), path.join(modules, "@pulumi", "pulumi"), "dir");
  fs.symlinkSync(path.join(root, "node_modules", "@types", "node"), path.join(modules, "@types", "node"), "dir");
  fs.symlinkSync(root, path.join(modules, "pulumi-pipestack"), "dir");
  return dir;
}

/** The figures of `--extendedDiagnostics` that matter here, by their labels. */
function parseDiagnostics(text) {
  const number = (label) => {
    const m = new RegExp(`^${label}:\\s+([\\d.]+)`, "m").exec(text);
    if (!m) throw new Error(`tsc printed no "${label}" line:\n${text.slice(0, 2000)}`);
    return Number(m[1]);
  };
  return {
    files: number("Files"),
    types: number("Types"),
    instantiations: number("Instantiations"),
    memoryKb: number("Memory used"),
    checkSeconds: number("Check time"),
    totalSeconds: number("Total time"),
  };
}

/**
 * Compiles one program (a file of bench/type-check, or `source` as index.ts) in a throwaway
 * project; its figures, and its diagnostics (an empty string when it compiles).
 */
async function typeCheck(file, { source, compilerOptions } = {}) {
  const dir = makeProject(file, source, compilerOptions);
  try {
    const tsc = require.resolve("typescript/bin/tsc", { paths: [root] });
    // Not spawnSync: a test worker that blocks for minutes loses its line to the runner.
    const run = await new Promise((resolve) => {
      execFile(
        process.execPath,
        [tsc, "-p", path.join(dir, "tsconfig.json"), "--extendedDiagnostics"],
        { cwd: dir, encoding: "utf8", maxBuffer: 64 << 20 },
        (err, stdout, stderr) => resolve({ status: err ? (err.code ?? 1) : 0, stdout, stderr }),
      );
    });
    const output = `${run.stdout}${run.stderr}`;
    const errors = output
      .split("\n")
      .filter((l) => /error TS\d+/.test(l) || /^\s{2,}/.test(l))
      .join("\n")
      .replaceAll(dir, "<project>");
    return { ...parseDiagnostics(output), errors: run.status === 0 ? "" : errors || output };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** JSON with `//` line comments (a tsconfig.json) as plain JSON. */
const stripComments = (text) => text.replace(/^\s*\/\/.*$/gm, "");

const ratio = (a, b) => Number((a / b).toFixed(3));

/** Both programs compiled, and the package's program over the SDK's alone. */
async function typeCheckComparison({ log = () => {} } = {}) {
  log("type check: the program with the SDK alone");
  const pulumiOnly = await typeCheck(PROGRAMS.pulumiOnly);
  log("type check: the program with every kind of the package");
  const everyKind = await typeCheck(PROGRAMS.everyKind);
  for (const [name, r] of Object.entries({ pulumiOnly, everyKind })) {
    if (r.errors) throw new Error(`bench/type-check/${PROGRAMS[name]} does not compile:\n${r.errors}`);
  }
  const ratios = {
    types: ratio(everyKind.types, pulumiOnly.types),
    instantiations: ratio(everyKind.instantiations, pulumiOnly.instantiations),
    checkTime: ratio(everyKind.checkSeconds, pulumiOnly.checkSeconds),
  };
  // The program `preview` runs below (bench/program, one pipe), compiled as its own tsconfig.json says.
  log("type check: the bench program, with its own settings");
  const program = path.join(root, "bench", "program");
  const programOptions = { ...JSON.parse(stripComments(fs.readFileSync(path.join(program, "tsconfig.json"), "utf8"))).compilerOptions, noEmit: true };
  const benchProgram = await typeCheck("index.ts", { source: fs.readFileSync(path.join(program, "index.ts"), "utf8"), compilerOptions: programOptions });
  if (benchProgram.errors) throw new Error(`bench/program/index.ts does not compile:\n${benchProgram.errors}`);
  const strip = ({ errors, ...figures }) => (void errors, figures);
  return {
    compilerOptions: COMPILER_OPTIONS,
    bound: BOUND,
    pulumiOnly: strip(pulumiOnly),
    everyKind: strip(everyKind),
    ratios,
    benchProgram: strip(benchProgram),
  };
}

/** The comparison as a markdown table. */
function typeCheckMarkdown(r) {
  const row = (label, key, unit = "") =>
    `| ${label} | ${r.pulumiOnly[key]}${unit} | ${r.everyKind[key]}${unit} | ${ratio(r.everyKind[key], r.pulumiOnly[key])} |`;
  const lines = [
    "| `tsc --noEmit --extendedDiagnostics` | the SDK alone (pulumi-only.ts) | every kind of the package (every-kind.ts) | ratio |",
    "|---|---|---|---|",
    row("files", "files"),
    row("types", "types"),
    row("instantiations", "instantiations"),
    row("check time", "checkSeconds", " s"),
    row("total time", "totalSeconds", " s"),
    row("memory", "memoryKb", " KB"),
  ];
  if (r.benchProgram) {
    const b = r.benchProgram;
    lines.push(
      "",
      `The one-pipe program of the preview below (bench/program, its own settings, skipLibCheck): ${b.types} types, ${b.instantiations} instantiations, check time ${b.checkSeconds} s.`,
    );
  }
  if (r.preview) {
    lines.push(
      "",
      `A \`preview\` of one pipe, no changes (the program type-checked by the language host), median of ${r.preview.runs}: ${r.preview.seconds} s wall, ${r.preview.programCpuSeconds} s CPU of the program.`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The counts within the bound (the check time is reported only: it is not deterministic). */
function typeCheckTargets(r) {
  return ["types", "instantiations"].map((key) => ({
    name: `type check: ${key} of every kind within ${BOUND}x of the SDK alone`,
    measured: `${r.everyKind[key]} / ${r.pulumiOnly[key]} = ${r.ratios[key]}x`,
    met: r.ratios[key] <= BOUND,
  }));
}

/**
 * A `preview` of a one-pipe program with no changes, `runs` times after one `up`: the median wall
 * time and the program's CPU (where the language host type-checks it).
 */
async function onePipePreview({ workspace, emulator, timeoutMs, runs = 3, log = () => {}, track = () => {} }) {
  emulator.control.reset();
  await workspace.setKind("pipe");
  await workspace.setCount(1);
  log("type check: up of one pipe, then its previews");
  track(true);
  await workspace.up(timeoutMs);
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await workspace.preview(timeoutMs));
  await workspace.destroy(timeoutMs);
  track(false);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    runs,
    seconds: Number(median(samples.map((s) => s.seconds)).toFixed(2)),
    programCpuSeconds: median(samples.map((s) => s.programCpuSeconds)),
    cliCpuSeconds: median(samples.map((s) => s.totalCpuSeconds)),
  };
}

module.exports = { BOUND, COMPILER_OPTIONS, typeCheck, typeCheckComparison, typeCheckMarkdown, typeCheckTargets, onePipePreview };
