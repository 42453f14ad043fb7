#!/usr/bin/env node
// Writes dist/provider/native/docs.json: every doc comment of the resources, functions and
// settings, by path (see scripts/doc-comments.js). The native provider's package schema takes its
// descriptions from it, so the two never drift. Run by `npm run build`.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { collectDocs } = require("./doc-comments");

const root = path.resolve(__dirname, "..");
const docs = collectDocs(root);
const out = path.join(root, "dist", "provider", "native", "docs.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(docs, null, 1) + "\n");
console.log(`native-docs: ${Object.keys(docs).length} doc comments -> ${path.relative(root, out)}`);
