// A vitest reporter (scripts/test.js adds it to every run): writes what ends a run besides its tests
// to the file PIPESTACK_RUN_END names, for the closing lines of `npm test`: the unhandled errors
// (vitest's JSON report has none of them, yet they make vitest exit 1 after every test passed),
// why the run ended, and whether vitest gave up waiting for its workers to close.
"use strict";
const fs = require("node:fs");

class RunEndReporter {
  constructor() {
    this.file = process.env.PIPESTACK_RUN_END;
    this.end = { unhandledErrors: [], reason: "unknown", processTimeout: false };
  }
  write() {
    if (this.file) fs.writeFileSync(this.file, JSON.stringify(this.end, null, 2));
  }
  onTestRunEnd(_modules, unhandledErrors, reason) {
    this.end.reason = reason;
    this.end.unhandledErrors = unhandledErrors.map((e) => ({ name: e?.name ?? "Error", message: String(e?.message ?? e) }));
    this.write();
  }
  onProcessTimeout() {
    this.end.processTimeout = true;
    this.write();
  }
}

module.exports = RunEndReporter;
