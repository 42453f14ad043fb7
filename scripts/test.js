#!/usr/bin/env node
// The README's test command: makes the Pulumi CLI ready (the end-to-end tests drive it), runs
// every vitest suite with a JSON report, and ends with the line CI reads: "N passed, N failed".
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const report = path.join(root, "test-results", "vitest.json");
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });

const env = { ...process.env };
const cli = spawnSync("bash", [path.join(__dirname, "ensure-pulumi.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
if (cli.status === 0) {
  const bin = cli.stdout.trim().split("\n").pop();
  env.PATH = `${bin}${path.delimiter}${path.join(root, "node_modules", "@pulumi", "pulumi")}${path.delimiter}${env.PATH}`;
  env.PIPESTACK_PULUMI_BIN = bin;
} else {
  console.error("pulumi-pipestack: the Pulumi CLI is not ready; the end-to-end tests will fail.");
}

const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync("npx", args, { cwd: root, env, stdio: "inherit" });

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(fs.readFileSync(report, "utf8"));
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
  skipped = json.numPendingTests + (json.numTodoTests ?? 0);
  // A suite that failed to load has no tests in the counts: count it as a failure.
  for (const suite of json.testResults ?? []) {
    if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0) failed += 1;
  }
} catch (err) {
  console.error(`pulumi-pipestack: no vitest JSON report (${err.message})`);
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
