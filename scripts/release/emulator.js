// The emulator as the release ships it, for teams with no Node.js: the `pipestack-emulator`
// command (emulator/cli.ts) bundled by esbuild into a Node.js single-executable application on the
// same bases as the plugin (executable.js, bases.js), one per platform, each in
// `pipestack-emulator-v<version>-<os>-<arch>.tar.gz` with the LICENSE. The OpenAPI description the
// emulator validates bodies against travels as the executable's asset (emulator/cloud/openapi.ts
// reads it from there). The emulator's npm package (packages/pipestack-emulator) is packed beside
// the plugin's.
"use strict";
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { emulatorArchiveName } = require("./archive");
const { bundle, seaBlob } = require("./executable");
const { packPlatform } = require("./platform-pack");

const ROOT = path.resolve(__dirname, "..", "..");
const ENTRY = path.join(ROOT, "emulator", "cli.ts");
/** The emulator's command, the executable's name (`.exe` on Windows). */
const EMULATOR = "pipestack-emulator";
const WORKSPACE = path.join(ROOT, "packages", EMULATOR);
/** The assets the executable carries, by the name emulator/ reads them under. */
const ASSETS = { "cloud-api.openapi.json": path.join(ROOT, "emulator", "spec", "cloud-api.openapi.json") };

/** The emulator package's version (its package.json). */
const emulatorVersion = () => JSON.parse(fs.readFileSync(path.join(WORKSPACE, "package.json"), "utf8")).version;

/**
 * Builds the emulator's executable for each of `platforms` into its tarball in `out`; the host's
 * executable is also left unpacked beside them. Returns each platform's tarball, executable and sizes.
 */
async function releaseEmulator({ out, platforms, version, log = () => undefined }) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-release-emulator-"));
  try {
    const main = await bundle(work, ENTRY, "emulator");
    const blob = seaBlob({ work, main, name: "emulator", assets: ASSETS });
    const built = [];
    for (const platform of platforms) {
      built.push(await packPlatform({ blob, platform, work, out, version, base: EMULATOR, name: emulatorArchiveName(version, platform), log }));
    }
    return { bundleBytes: fs.statSync(main).size, artifacts: built };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The emulator's npm package (`npm pack` of its workspace, built by `npm run build`) into `out`; its path. */
function packEmulator(out) {
  const packed = execFileSync("npm", ["pack", "--silent", "--ignore-scripts", "--workspace", EMULATOR, "--pack-destination", out], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return path.join(out, packed.trim().split("\n").pop());
}

module.exports = { EMULATOR, emulatorVersion, packEmulator, releaseEmulator };
