#!/usr/bin/env node
// Builds the pipestack-emulator package from the repository's emulator/ sources: compiles them
// into dist/ and copies what the package ships beside its build (the OpenAPI description the
// emulator validates against, its README, the license). The copies are build output, not
// sources: emulator/ stays the one place they are edited.
"use strict";
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const here = __dirname;
const root = path.resolve(here, "..", "..");
const SHIPPED = [
  [path.join(root, "emulator", "spec"), path.join(here, "spec")],
  [path.join(root, "emulator", "README.md"), path.join(here, "README.md")],
  [path.join(root, "LICENSE"), path.join(here, "LICENSE")],
];

fs.rmSync(path.join(here, "dist"), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(here, "tsconfig.json")], { stdio: "inherit" });
for (const [from, to] of SHIPPED) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}
