// A module of the package loaded from its TypeScript source (bundled in memory by esbuild), for a
// check the release makes before anything is built: the same function the built package runs
// (no copy), and current even when dist/ is missing or stale.
"use strict";
const Module = require("node:module");
const path = require("node:path");

/** The exports of the TypeScript module `file` (and what it imports), compiled in memory. */
function sourceModule(file) {
  const esbuild = require("esbuild");
  const built = esbuild.buildSync({ entryPoints: [file], bundle: true, platform: "node", format: "cjs", write: false, logLevel: "silent" });
  const m = new Module(file, module);
  m.filename = file;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  m._compile(built.outputFiles[0].text, file);
  return m.exports;
}

module.exports = { sourceModule };
