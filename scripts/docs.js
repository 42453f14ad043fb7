#!/usr/bin/env node
// Writes the reference pages under docs/ (one per resource, one for the functions) and the Pulumi
// Registry's two (`_index.md`, `installation-configuration.md`: provider/docs/registry-pages.ts)
// from the built package (`npm run docs` builds first): see provider/docs/reference-pages.ts. A unit test
// (test/package/reference-docs.test.ts) regenerates them and fails when the committed pages differ.
// Then the package-size table of docs/packages.md (scripts/package-sizes.js), measured from the
// same build.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { collectDocs } = require("./doc-comments");
const sizes = require("./package-sizes");

const root = path.resolve(__dirname, "..");
const { referencePages } = require(path.join(root, "dist", "provider", "docs", "reference-pages.js"));
const { registryPages } = require(path.join(root, "dist", "provider", "docs", "registry-pages.js"));
const { version } = require(path.join(root, "package.json"));
const docs = collectDocs(root);
// The reference pages, then the two the Pulumi Registry reads to list the package.
const pages = { ...referencePages(docs), ...registryPages(docs, version) };
const dir = path.join(root, "docs");
fs.mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(pages)) fs.writeFileSync(path.join(dir, name), text);
console.log(`docs: ${Object.keys(pages).length} pages -> docs/ (${Object.keys(pages).join(", ")})`);

const packagesPage = path.join(dir, "packages.md");
fs.writeFileSync(packagesPage, sizes.withSection(fs.readFileSync(packagesPage, "utf8"), sizes.sizeTable(sizes.measure(root))));
console.log("docs: package sizes -> docs/packages.md");
