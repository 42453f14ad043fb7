#!/usr/bin/env node
// The `pipestack-from-terraform` command (provider/from-terraform/cli.ts). A committed launcher
// rather than the compiled file itself, as for `pipestack-pr-summary`: it exists before the build,
// so npm links it on install.
"use strict";
require("../dist/provider/from-terraform/cli.js");
