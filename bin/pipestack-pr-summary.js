#!/usr/bin/env node
// The `pipestack-pr-summary` command (provider/pr-summary/cli.ts). A committed launcher rather
// than the compiled file itself, as for `pipestack-emulator`: it exists before the build, so npm
// links it on install.
"use strict";
require("../dist/provider/pr-summary/cli.js");
