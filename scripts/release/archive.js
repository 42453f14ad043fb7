// The plugin's release files, named and laid out as the Pulumi CLI downloads them: for each
// platform `pulumi-resource-pipestack-v<version>-<os>-<arch>.tar.gz` holding the executable at its
// root (the CLI runs `pulumi-resource-pipestack[.exe]` from the folder it unpacks to; a binary
// plugin needs no PulumiPlugin.yaml) and the LICENSE; beside them one checksum file in the
// `sha256sum` format, `pulumi-pipestack_<version>_checksums.txt`, as bridged providers publish it.
// The emulator's executables are packed the same way, under their own name.
"use strict";
const { execFileSync } = require("node:child_process");
const crypto = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..", "..");

/** `pulumi-resource-pipestack-v<version>-<platform>.tar.gz` (`platform` as `linux-amd64`). */
function archiveName(version, platform) {
  return `pulumi-resource-pipestack-v${version}-${platform}.tar.gz`;
}

/** `pipestack-emulator-v<version>-<platform>.tar.gz`: the emulator's executable (scripts/release/emulator.js). */
function emulatorArchiveName(version, platform) {
  return `pipestack-emulator-v${version}-${platform}.tar.gz`;
}

/** `pulumi-pipestack_<version>_checksums.txt`. */
function checksumsName(version) {
  return `pulumi-pipestack_${version}_checksums.txt`;
}

function sha256(file) {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/**
 * Writes the tarball of `executable` for `platform` into `outDir` (named as the CLI asks for the
 * plugin's, unless `name` is given); returns its path.
 */
function archive({ executable, version, platform, outDir, name = archiveName(version, platform) }) {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-archive-"));
  try {
    fs.copyFileSync(executable, path.join(stage, path.basename(executable)));
    fs.chmodSync(path.join(stage, path.basename(executable)), 0o755);
    fs.copyFileSync(path.join(ROOT, "LICENSE"), path.join(stage, "LICENSE"));
    const tarball = path.join(outDir, name);
    execFileSync("tar", ["-czf", tarball, "--owner=0", "--group=0", "-C", stage, path.basename(executable), "LICENSE"]);
    return tarball;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** Writes the checksum file of `files` (in `outDir`) and returns its path. */
function writeChecksums({ files, version, outDir }) {
  const lines = [...files].sort().map((f) => `${sha256(f)}  ${path.basename(f)}\n`);
  const file = path.join(outDir, checksumsName(version));
  fs.writeFileSync(file, lines.join(""));
  return file;
}

module.exports = { archive, archiveName, checksumsName, emulatorArchiveName, sha256, writeChecksums };
