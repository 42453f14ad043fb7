// What the two packages weigh, for docs/packages.md: packed, unpacked and file count as
// `npm pack --dry-run --json` reports them for the built checkout, and the installed size with
// the run-time dependencies as this checkout's node_modules holds them (the lockfile's versions;
// peer dependencies left out, as `npm install --omit=peer` would). `npm run docs` writes the table
// between the page's markers; test/package/package-sizes.test.ts measures again and fails when the
// page differs, so no figure there is typed by hand.
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

/** The published packages, by name: the folder `npm pack` runs in. */
const PACKAGES = (root) => ({ "pulumi-pipestack": root, "pipestack-emulator": path.join(root, "packages", "pipestack-emulator") });

const BEGIN = "<!-- package-sizes:begin (written by `npm run docs` from `npm pack --dry-run --json`) -->";
const END = "<!-- package-sizes:end -->";

/** Bytes of the files below `dir`, nested node_modules aside (those are dependencies of their own). */
function folderBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(p);
    else if (entry.isFile()) total += fs.statSync(p).size;
  }
  return total;
}

/** The folders of a package's run-time dependencies, transitively, as Node would resolve them from `dir`. */
function dependencyFolders(dir, seen = new Set()) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    const folder = path.dirname(require.resolve(`${name}/package.json`, { paths: [dir] }));
    if (seen.has(folder)) continue;
    seen.add(folder);
    dependencyFolders(folder, seen);
  }
  return seen;
}

/** One row per package, measured now (the checkout must be built: `npm run docs` builds first). */
function measure(root) {
  return Object.entries(PACKAGES(root)).map(([name, dir]) => {
    // --ignore-scripts: the build is done; `prepack` would build again.
    const r = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`npm pack --dry-run in ${dir} failed: ${r.stderr}`);
    const [info] = JSON.parse(r.stdout);
    const deps = [...dependencyFolders(dir)];
    return {
      name,
      packedBytes: info.size,
      unpackedBytes: info.unpackedSize,
      files: info.entryCount,
      installedBytes: info.unpackedSize + deps.reduce((sum, folder) => sum + folderBytes(folder), 0),
      installedPackages: 1 + deps.length,
    };
  });
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const MB = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

/** The markdown table of measured rows. */
function sizeTable(rows) {
  return [
    "| Package | packed | unpacked | files | installed, with run-time dependencies |",
    "|---|---:|---:|---:|---:|",
    ...rows.map(
      (r) => `| \`${r.name}\` | ${kB(r.packedBytes)} | ${MB(r.unpackedBytes)} | ${r.files} | ${MB(r.installedBytes)}, ${r.installedPackages} packages |`,
    ),
    "",
  ].join("\n");
}

/** `page` with the text between its markers replaced by `md`. */
function withSection(page, md) {
  const a = page.indexOf(BEGIN);
  const b = page.indexOf(END);
  if (a < 0 || b < a) throw new Error(`the page has no "${BEGIN}" ... "${END}" section`);
  return `${page.slice(0, a + BEGIN.length)}\n${md}${page.slice(b)}`;
}

/** The text between the page's markers (what `withSection` wrote), or undefined without them. */
function sectionOf(page) {
  const a = page.indexOf(BEGIN);
  const b = page.indexOf(END);
  return a < 0 || b < a ? undefined : page.slice(a + BEGIN.length + 1, b);
}

module.exports = { measure, sizeTable, withSection, sectionOf, BEGIN, END };
