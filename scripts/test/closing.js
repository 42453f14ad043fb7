// Why `npm test` exits non-zero, said in one line just above its last (`N passed, N failed`), so
// a reader of the log's tail (CI shows it) knows why without searching 1,000 lines up (issue 46).
"use strict";

const firstLine = (text) =>
  String(text ?? "")
    .split("\n")[0]
    .slice(0, 300);

/**
 * The reasons one run fails the command. `run`: { name, status (vitest's exit code; null when killed),
 * signal?, startError? (the run did not start), reportMissing?, failed (tests), end? (what
 * scripts/test/run-end-reporter.js wrote: { unhandledErrors, processTimeout }, or undefined when it wrote nothing) }.
 */
function runReasons(run) {
  if (run.startError !== undefined) return [`${run.name} did not start: ${firstLine(run.startError)}`];
  const out = [];
  const exited = run.status === null ? `was killed (${run.signal ?? "no exit code"})` : `exited ${run.status}`;
  if (run.reportMissing) out.push(`${run.name}: no vitest JSON report (vitest ${exited})`);
  const errors = run.end?.unhandledErrors ?? [];
  if (errors.length > 0)
    out.push(`${run.name}: ${errors.length} unhandled error${errors.length === 1 ? "" : "s"}, the first: ${errors[0].name}: ${firstLine(errors[0].message)}`);
  if (run.end?.processTimeout) out.push(`${run.name}: vitest timed out waiting for its workers to close`);
  if (run.failed > 0) out.push(`${run.name}: ${run.failed} failed`);
  if (out.length === 0 && run.status !== 0) out.push(`${run.name}: vitest ${exited}${run.end ? "" : " before its run ended"}`);
  return out;
}

/** Every reason the command fails, over its runs; none when it passes. */
function reasons(runs) {
  const out = runs.flatMap(runReasons);
  const passed = runs.reduce((n, r) => n + (r.passed ?? 0), 0);
  if (passed === 0) out.push("no test passed");
  return out;
}

/** The line printed above the last one when the command fails, or undefined when it passes. */
function whyLine(runs) {
  const why = reasons(runs);
  return why.length === 0 ? undefined : `pulumi-pipestack: exit 1: ${why.join("; ")}`;
}

module.exports = { runReasons, reasons, whyLine };
