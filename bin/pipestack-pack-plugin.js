#!/usr/bin/env node
// The `pipestack-pack-plugin` command (provider/plugin-pack/cli.ts). A committed launcher rather
// than the compiled file itself, as for `pipestack-from-terraform`: it exists before the build,
// so npm links it on install.
"use strict";
require("../dist/provider/plugin-pack/cli.js");
