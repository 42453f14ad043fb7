// One platform's executable in its tarball: injected from the platform-independent blob onto the
// platform's base (executable.js), packed with the LICENSE (archive.js), the host's also left
// unpacked beside the tarballs to try and measure. The plugin's release (scripts/release.js) and
// the emulator's (emulator.js) both pack each platform through it.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { archive } = require("./archive");
const { hostPlatform } = require("./bases");
const { inject } = require("./executable");

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs `f`, keeping how long it took in `seconds[what]`. */
async function timed(seconds, what, f) {
  const started = Date.now();
  try {
    return await f();
  } finally {
    seconds[what] = (Date.now() - started) / 1000;
  }
}

/**
 * The executable `base` (the plugin's unless told) for `platform`, made from `blob` in
 * `<work>/<platform>` and packed into `out` (as `name`, the plugin's tarball name unless told);
 * the two steps' times in `seconds` (`<platform>`, `<platform> tarball`). Returns the artifact.
 */
async function packPlatform({ blob, platform, work, out, version, base, name, seconds = {}, log = () => undefined }) {
  const exe = await timed(seconds, platform, () => inject({ blob, platform, outDir: path.join(work, platform), base }));
  const tarball = await timed(seconds, `${platform} tarball`, () => archive({ executable: exe.executable, version, platform, outDir: out, name }));
  const tarballBytes = fs.statSync(tarball).size;
  log(
    `${path.basename(tarball)}: ${mb(tarballBytes)} (executable ${mb(exe.bytes)}; signature: ${exe.signature}) in ${seconds[platform]} s + ${seconds[`${platform} tarball`]} s`,
  );
  // Only the host's executable is kept beside the tarballs, to measure it; the others live in their tarballs.
  if (platform === hostPlatform()) fs.copyFileSync(exe.executable, path.join(out, path.basename(exe.executable)));
  return { platform, tarball, executable: exe.executable, executableBytes: exe.bytes, tarballBytes, signature: exe.signature };
}

module.exports = { mb, packPlatform, timed };
