#!/usr/bin/env node
// The `pipestack-emulator` command. A committed launcher rather than dist/cli.js itself: npm
// links a workspace's bins when it installs, before `prepare` has built dist/, and skips a bin
// whose file does not exist yet; this file always does, so `npx pipestack-emulator` works in a
// fresh clone after `npm ci`.
"use strict";
require("../dist/cli.js");
