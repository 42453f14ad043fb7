#!/usr/bin/env node
// The README's test command: makes the Pulumi CLI ready (the end-to-end tests drive it), runs the
// vitest suites with a JSON report per run, and ends with the line CI reads: "N passed, N failed",
// summed over every run.
//
// Runs: every suite on this machine's Node.js with the lockfile's @pulumi/pulumi (test/lint/ is the
// linter and the formatter check, so their findings count as failed tests); then, unless
// test files are named on the command line or PIPESTACK_NODE_MATRIX=off, the unit, provider and a
// representative e2e subset on Node 22 and 24 with the newest @pulumi/pulumi and the newest
// Pulumi CLI (scripts/matrix).
// When it fails, the line above the last says why (scripts/test/closing.js): failed tests,
// unhandled errors, a run that did not start, a report that is missing.
//
// PIPESTACK_TEST_ROOT=<dir> runs vitest in that folder instead (with its own config, the
// checkout's vitest, no tools prepared and no newer-Node runs): the command's own tests use it on
// a fixture project.
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { SUBSET, EXCLUDED, newestCli, newestSdk, nodeBinary, prepareWorkdir } = require("./matrix/newer-node");
const { whyLine } = require("./test/closing");

const checkout = path.resolve(__dirname, "..");
const fixture = process.env.PIPESTACK_TEST_ROOT ? path.resolve(process.env.PIPESTACK_TEST_ROOT) : undefined;
const root = fixture ?? checkout;
const results = path.join(root, "test-results");
fs.mkdirSync(results, { recursive: true });
for (const f of fs.readdirSync(results)) if (f.endsWith(".json")) fs.rmSync(path.join(results, f), { force: true });

const env = { ...process.env };
delete env.PIPESTACK_TEST_ROOT;
/** A tool's folder, from the scripts/ensure-*.sh that makes it ready (its last line); a fixture project needs none. */
const ensure = (script) =>
  fixture ? { status: 1, stdout: "" } : spawnSync("bash", [path.join(__dirname, script)], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });

/** The folder of the Pulumi CLI at `version` (the pinned one when undefined), built once into the cache by ensure-pulumi.sh; undefined when it cannot be had. */
function ensureCli(version) {
  if (fixture) return undefined;
  const r = spawnSync("bash", [path.join(__dirname, "ensure-pulumi.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...(version ? { PULUMI_VERSION: version } : {}) },
  });
  return r.status === 0 ? r.stdout.trim().split("\n").pop() : undefined;
}

// No tool is prepared for a fixture project, and none is missed.
const cliBin = ensureCli();
if (cliBin) env.PIPESTACK_PULUMI_BIN = cliBin;
else if (!fixture) console.error("pulumi-pipestack: the Pulumi CLI is not ready; the end-to-end tests will fail.");

// The YAML language host, for the native provider's end-to-end tests: built once here, not by two
// test files at the same time.
const yaml = ensure("ensure-pulumi-yaml.sh");
if (yaml.status === 0) env.PIPESTACK_PULUMI_YAML_BIN = yaml.stdout.trim().split("\n").pop();
else if (!fixture) console.error("pulumi-pipestack: the YAML language host is not ready; the native provider's end-to-end tests will fail.");

// The `pulumi` Python package, for the generated Python SDK's tests: installed once here too.
const python = ensure("ensure-pulumi-python.sh");
if (python.status === 0) env.PIPESTACK_PULUMI_PYTHON_BIN = python.stdout.trim().split("\n").pop();
else if (!fixture) console.error("pulumi-pipestack: the Python environment is not ready; the Python SDK's tests will fail.");

/** One vitest run: `node` runs vitest in `cwd`, and is first on PATH for everything it starts; `cli`, the Pulumi CLI's folder, next. */
function vitest({ name, cwd, node, files, exclude = [], cli = cliBin }) {
  const report = path.join(results, `${name}.json`);
  const runEnd = path.join(results, `${name}.end.json`);
  const pathParts = [path.dirname(node), ...(cli ? [cli] : []), path.join(cwd, "node_modules", "@pulumi", "pulumi"), env.PATH];
  const args = [
    path.join(fixture ? checkout : cwd, "node_modules", "vitest", "vitest.mjs"),
    "run",
    "--reporter=default",
    "--reporter=json",
    `--reporter=${path.join(__dirname, "test", "run-end-reporter.js")}`,
    `--outputFile.json=${report}`,
    ...exclude.map((glob) => `--exclude=${glob}`),
    ...files,
  ];
  const started = Date.now();
  const run = spawnSync(node, args, {
    cwd,
    env: { ...env, ...(cli ? { PIPESTACK_PULUMI_BIN: cli } : {}), PATH: pathParts.join(path.delimiter), PIPESTACK_RUN_END: runEnd },
    stdio: "inherit",
  });
  return {
    name,
    report,
    runEnd,
    status: run.status,
    signal: run.signal,
    ...(run.error ? { startError: run.error.message } : {}),
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

/** What the run-end reporter wrote of one run, or undefined when it wrote nothing (the run did not get that far). */
function runEndOf(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** passed / failed / skipped of one JSON report; a missing report or a suite that failed to load is a failure. */
function counts(report) {
  try {
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    let failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
    for (const suite of json.testResults ?? []) if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0) failed += 1;
    return { passed: json.numPassedTests, failed, skipped: json.numPendingTests + (json.numTodoTests ?? 0) };
  } catch (err) {
    console.error(`pulumi-pipestack: no vitest JSON report ${path.basename(report)} (${err.message})`);
    return { passed: 0, failed: 1, skipped: 0, missing: true };
  }
}

const named = process.argv.slice(2);
const runs = [];
const sdkMain = JSON.parse(fs.readFileSync(path.join(checkout, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")).version;
runs.push({ ...vitest({ name: `node${process.versions.node.split(".")[0]}-sdk${sdkMain}`, cwd: root, node: process.execPath, files: named }), setup: 0 });

if (named.length === 0 && process.env.PIPESTACK_NODE_MATRIX !== "off" && !fixture) {
  let sdk;
  try {
    sdk = newestSdk();
  } catch (err) {
    console.error(`pulumi-pipestack: could not find the newest @pulumi/pulumi (${err.message})`);
  }
  // The newest CLI is the newest SDK's version (Pulumi releases both at once): the e2e subset runs
  // on the oldest supported CLI above and on the newest here. Built once (minutes) into the cache.
  let newerCli;
  for (const major of ["22", "24"]) {
    const name = `node${major}-sdk${sdk ?? "newest"}-cli${sdk ? newestCli(sdk) : "newest"}`;
    const started = Date.now();
    try {
      if (!sdk) throw new Error("no SDK version");
      newerCli ??= ensureCli(newestCli(sdk));
      if (!newerCli) throw new Error(`the Pulumi CLI ${newestCli(sdk)} could not be built`);
      const node = nodeBinary(major);
      const dir = path.join(root, ".ci-cache", `sdk-${sdk}`);
      prepareWorkdir(root, dir, sdk, node);
      const setup = Math.round((Date.now() - started) / 1000);
      runs.push({ ...vitest({ name, cwd: dir, node, files: SUBSET, exclude: EXCLUDED, cli: newerCli }), setup });
    } catch (err) {
      console.error(`pulumi-pipestack: the ${name} run could not start: ${err.message}`);
      runs.push({
        name,
        report: path.join(results, `${name}.json`),
        runEnd: path.join(results, `${name}.end.json`),
        status: 1,
        startError: err.message,
        seconds: 0,
        setup: Math.round((Date.now() - started) / 1000),
      });
    }
  }
}

/** The failed tests of one report, as `file > title: first line of the message`: CI shows the tail of the log. */
function failedTests(report) {
  try {
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    const out = [];
    for (const suite of json.testResults ?? []) {
      const file = path.relative(root, suite.name).replace(/^\.ci-cache\/[^/]+\//, "");
      if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0) out.push(`${file}: ${String(suite.message ?? "").split("\n")[0]}`);
      for (const a of suite.assertionResults ?? []) {
        if (a.status !== "failed") continue;
        out.push(
          `${file} > ${a.fullName ?? a.title}: ${String((a.failureMessages ?? [])[0] ?? "")
            .split("\n")[0]
            .slice(0, 300)}`,
        );
      }
    }
    return out;
  } catch {
    return [];
  }
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const r of runs) for (const line of failedTests(r.report)) console.log(`pulumi-pipestack: failed in ${r.name}: ${line}`);
const ended = [];
for (const r of runs) {
  const c = counts(r.report);
  for (const k of Object.keys(total)) total[k] += c[k];
  const end = runEndOf(r.runEnd);
  ended.push({
    ...r,
    passed: c.passed,
    failed: r.startError === undefined && c.missing ? 0 : c.failed,
    reportMissing: r.startError === undefined && c.missing,
    end,
  });
  // Worded unlike the last line, which is the only one CI reads.
  const n = end?.unhandledErrors?.length ?? 0;
  const unhandled = n > 0 ? `, ${n} unhandled error${n === 1 ? "" : "s"}` : "";
  console.log(`pulumi-pipestack: run ${r.name}: passed ${c.passed}, failed ${c.failed}${unhandled}, ${r.seconds} s (setup ${r.setup} s)`);
}
const why = whyLine(ended);
if (why) console.log(why);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(why === undefined && runs.every((r) => r.status === 0) ? 0 : 1);
