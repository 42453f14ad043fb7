#!/usr/bin/env node
// Makes the native provider plugin's self-contained tarball in a checkout, for any Pulumi language:
//
//   npm run pack-plugin        # -> pulumi-resource-pipestack-v<version>-<os>-<arch>.tar.gz
//   pulumi plugin install resource pipestack <version> -f pulumi-resource-pipestack-v<version>-<os>-<arch>.tar.gz
//
// The same code as the package's own `pipestack-pack-plugin` command (provider/plugin-pack/),
// which needs no checkout; it takes the same arguments ([--out DIR] [--download-url URL]).
// Built from dist/ (`npm run pack-plugin` builds first).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const cli = path.resolve(__dirname, "..", "dist", "provider", "plugin-pack", "cli.js");
if (!fs.existsSync(cli)) {
  console.error("pack-plugin: dist/provider/plugin-pack/cli.js is missing; run `npm run build` first");
  process.exit(1);
}
require(cli);
