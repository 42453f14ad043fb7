// The native provider plugin as one executable per platform, with no Node.js to install: the
// provider (provider/native/main.ts) bundled into one file by esbuild, made into a Node.js
// single-executable application (`node --experimental-sea-config`) and injected with postject into
// the official Node.js binary of each platform (bases.js). The plugin's package.json (version,
// download URL) and doc comments travel as the executable's assets (provider/package-files.ts).
//
// One bundle and one preparation blob serve every platform: the blob holds no V8 code cache or
// snapshot (both tied to one platform), and it is made by the base binary of this machine, of the
// same Node.js version as the others. macOS binaries: injecting breaks the base's signature, and
// Apple silicon runs no binary with a broken one, so darwin executables are signed again (ad hoc)
// where a signing tool is found (`codesign` on macOS, `rcodesign` elsewhere); without one the
// release says so and marks them.
"use strict";
const { execFile, execFileSync, spawnSync } = require("node:child_process");
const { promisify } = require("node:util");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { baseBinary, hostPlatform } = require("./bases");

const ROOT = path.resolve(__dirname, "..", "..");
const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
const ENTRY = path.join(ROOT, "provider", "native", "main.ts");
const DOCS = path.join(ROOT, "dist", "provider", "native", "docs.json");

/** The file name on `platform` of the executable `base` (the plugin's unless told). */
function executableName(platform, base = "pulumi-resource-pipestack") {
  return platform.startsWith("windows-") ? `${base}.exe` : base;
}

/** The plugin's manifest, as the executable reads it for its package.json. */
function manifest(downloadUrl) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  return { name: pkg.name, version: pkg.version, license: pkg.license, private: true, ...(downloadUrl ? { pluginDownloadURL: downloadUrl } : {}) };
}

/** Bundles `entry` (the provider unless told) into `<work>/<name>.js`; returns its path. */
async function bundle(work, entry = ENTRY, name = "plugin") {
  const esbuild = require("esbuild");
  const outfile = path.join(work, `${name}.js`);
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    outfile,
    minify: true,
    legalComments: "eof",
    logLevel: "warning",
    // The dynamic-provider host's lookup of the program's SDK: the native plugin passes its modules instead.
    logOverride: { "require-resolve-not-external": "silent" },
  });
  return outfile;
}

/**
 * The preparation blob (platform-independent) of the bundled script `main` and its `assets` (name
 * to file), made by the base binary of this machine as `<work>/<name>.blob`.
 */
function seaBlob({ work, main, assets, name }) {
  const config = {
    main,
    output: path.join(work, `${name}.blob`),
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    useCodeCache: false,
    assets,
  };
  const file = path.join(work, `${name}-sea-config.json`);
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
  execFileSync(baseBinary(hostPlatform()), ["--experimental-sea-config", file], { stdio: ["ignore", "ignore", "inherit"] });
  return config.output;
}

/**
 * The preparation blob of the bundled provider and its assets; returns its path and the bundle's size.
 */
async function prepare({ work, downloadUrl }) {
  if (!fs.existsSync(DOCS)) throw new Error(`${DOCS} is missing: run \`npm run build\` first`);
  const main = await bundle(work);
  fs.writeFileSync(path.join(work, "package.json"), `${JSON.stringify(manifest(downloadUrl), null, 2)}\n`);
  const blob = seaBlob({ work, main, name: "plugin", assets: { "package.json": path.join(work, "package.json"), "docs.json": DOCS } });
  return { blob, bundleBytes: fs.statSync(main).size };
}

function has(cmd) {
  return spawnSync(cmd, ["--version"], { stdio: "ignore" }).error === undefined;
}

/** Signs a darwin executable again (ad hoc); says how, or why not. */
function resign(file) {
  if (process.platform === "darwin" && has("codesign")) {
    execFileSync("codesign", ["--sign", "-", "--force", file]);
    return "ad hoc (codesign)";
  }
  if (has("rcodesign")) {
    execFileSync("rcodesign", ["sign", file], { stdio: "ignore" });
    return "ad hoc (rcodesign)";
  }
  return "broken by the injection, not signed again (no codesign or rcodesign here): sign it before shipping, Apple silicon runs no such binary";
}

/**
 * The executable `base` (the plugin's unless told) for `platform` in `outDir`, from the blob;
 * returns its path and how it is signed.
 */
async function inject({ blob, platform, outDir, base }) {
  const out = path.join(outDir, executableName(platform, base));
  fs.mkdirSync(outDir, { recursive: true });
  fs.copyFileSync(baseBinary(platform), out);
  fs.chmodSync(out, 0o755);
  if (platform.startsWith("darwin-") && process.platform === "darwin" && has("codesign")) execFileSync("codesign", ["--remove-signature", out]);
  const args = [out, "NODE_SEA_BLOB", blob, "--sentinel-fuse", FUSE, ...(platform.startsWith("darwin-") ? ["--macho-segment-name", "NODE_SEA"] : [])];
  // A child process, so the caller's event loop (a test's emulator) keeps turning for its 20-odd seconds.
  await promisify(execFile)(process.execPath, [require.resolve("postject/dist/cli.js"), ...args], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }).catch(
    (err) => {
      throw new Error(`postject ${platform} failed: ${err.message}\n${err.stdout ?? ""}${err.stderr ?? ""}`);
    },
  );
  const signature = platform.startsWith("darwin-")
    ? resign(out)
    : platform.startsWith("windows-")
      ? "base's signature no longer valid (not signed again)"
      : "none (as the base)";
  return { executable: out, bytes: fs.statSync(out).size, signature };
}

/** One call: the executable of `platform` in `outDir` (a work folder of its own). */
async function buildExecutable({ platform, outDir, downloadUrl }) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-sea-"));
  try {
    const { blob } = await prepare({ work, downloadUrl });
    return inject({ blob, platform, outDir });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

module.exports = { DOCS, bundle, buildExecutable, executableName, inject, manifest, prepare, seaBlob };
