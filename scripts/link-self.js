#!/usr/bin/env node
// Links node_modules/pulumi-pipestack to this checkout, so the examples and the end-to-end tests
// import the package by its name, as users do, and the dynamic-provider process (which resolves
// the serialized shim's require from its working directory) finds the same installed copy.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const link = path.join(root, "node_modules", "pulumi-pipestack");
if (!fs.existsSync(path.join(root, "node_modules"))) process.exit(0);
try {
  const st = fs.lstatSync(link);
  if (st.isSymbolicLink() && fs.realpathSync(link) === root) process.exit(0);
  // An installed copy (a real folder) is left alone: someone chose it.
  if (!st.isSymbolicLink()) process.exit(0);
  fs.unlinkSync(link);
} catch {
  // no link yet
}
fs.symlinkSync("..", link, "dir");
