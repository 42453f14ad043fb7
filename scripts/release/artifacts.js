#!/usr/bin/env node
// What a release publishes, and where: every file `npm run release` writes into its folder, named
// once here with the places the release workflow (.github/workflows/release.yml) sends it. The
// release command checks the folder it wrote against this list (a file the tools named otherwise
// fails the release, not the publishing), and the workflow's publishing steps ask this file for
// their files instead of naming them:
//
//   node scripts/release/artifacts.js <destination> [folder]   # one path a line; fails on a missing file
//
// Destinations: `code-host` (attached to the code host's release: everything), `npm` (published with
// provenance), `pypi` (the Python index, by trusted publishing), `go` (the Go module's tarball, whose
// content the workflow tags in the repository).
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { archiveName, checksumsName, emulatorArchiveName } = require("./archive");
const { BASES } = require("./bases");
const { MARKER } = require("./out-folder");

const ROOT = path.resolve(__dirname, "..", "..");
const DESTINATIONS = ["code-host", "npm", "pypi", "go"];

/** `name@version` as `npm pack` names its tarball (a scope's `@` dropped, its `/` a `-`). */
const npmTarball = (name, version) => `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;

/** The Go module's folder as a tarball (a Go module is published by tagging what it holds). */
const goSdkTarball = (version) => `pulumi-pipestack-sdk-go-v${version}.tar.gz`;

/**
 * Every artifact of a release of `version` built for `platforms` (the plugin's and the emulator's
 * executables; with the npm packages and the SDKs unless `sdks` is false), as `{ name, to }`: its
 * file name and its destinations.
 */
function artifacts({ version, platforms = Object.keys(BASES.platforms), sdks = true }) {
  const all = [
    ...platforms.map((p) => ({ name: archiveName(version, p), to: ["code-host"] })),
    ...platforms.map((p) => ({ name: emulatorArchiveName(version, p), to: ["code-host"] })),
    { name: checksumsName(version), to: ["code-host"] },
  ];
  if (!sdks) return all;
  return [
    ...all,
    { name: npmTarball("pulumi-pipestack", version), to: ["code-host", "npm"] },
    { name: npmTarball("pipestack-emulator", version), to: ["code-host", "npm"] },
    { name: npmTarball("@pipestack/pulumi-native", version), to: ["code-host", "npm"] },
    { name: `pulumi_pipestack-${version}-py3-none-any.whl`, to: ["code-host", "pypi"] },
    { name: `pulumi_pipestack-${version}.tar.gz`, to: ["code-host", "pypi"] },
    { name: goSdkTarball(version), to: ["code-host", "go"] },
  ];
}

/**
 * What differs between the files of `names` and the declared `expected` artifacts: `missing`
 * (declared, not there) and `unexpected` (there, not declared; `allowed` names excepted).
 */
function compare(names, expected, allowed = []) {
  const want = new Set(expected.map((a) => a.name));
  return {
    missing: [...want].filter((n) => !names.includes(n)).sort(),
    unexpected: names.filter((n) => !want.has(n) && !allowed.includes(n)).sort(),
  };
}

/** Throws unless `dir` holds exactly the `expected` artifacts (and `allowed` names, and the release's mark of its folder). */
function verify(dir, expected, allowed = []) {
  const { missing, unexpected } = compare(fs.readdirSync(dir), expected, [...allowed, MARKER]);
  if (missing.length || unexpected.length)
    throw new Error(
      `${dir} is not the declared release (scripts/release/artifacts.js):${missing.length ? ` missing ${missing.join(", ")};` : ""}${unexpected.length ? ` not declared ${unexpected.join(", ")}` : ""}`,
    );
}

/** The artifacts of `destination`, as paths in `dir`; throws when one is not there. */
function forDestination(destination, dir, version) {
  if (!DESTINATIONS.includes(destination)) throw new Error(`unknown destination ${destination}: one of ${DESTINATIONS.join(", ")}`);
  const files = artifacts({ version })
    .filter((a) => a.to.includes(destination))
    .map((a) => path.join(dir, a.name));
  const missing = files.filter((f) => !fs.existsSync(f));
  if (missing.length) throw new Error(`${destination}: ${missing.join(", ")} not built (run \`npm run release\` first)`);
  return files;
}

const packageVersion = () => JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;

module.exports = { DESTINATIONS, artifacts, compare, forDestination, goSdkTarball, npmTarball, packageVersion, verify };

if (require.main === module) {
  try {
    const [destination, dir = path.join(ROOT, "release")] = process.argv.slice(2);
    console.log(forDestination(destination, dir, packageVersion()).join("\n"));
  } catch (err) {
    console.error(`artifacts: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
