#!/usr/bin/env node
// `npm run release`: every release artifact in one folder, with checksums.
//
//   npm run release -- --dry-run [--out DIR] [--platforms linux-amd64,darwin-arm64] [--download-url URL]
//   npm run release -- --tag v<version> [--platforms ...] [--no-sdks]    # the release workflow's build
//   npm run release -- --tag v<version> --assemble                       # the workflow's parts, made one
//
// Builds the package (`npm run build`), then the native provider plugin as one executable per
// platform (scripts/release/executable.js; no Node.js needed to run it), each in the tarball the
// Pulumi CLI downloads (scripts/release/archive.js); the emulator as one executable per platform
// too, in its own tarballs (scripts/release/emulator.js), for teams with no Node.js; the npm
// packages (`npm pack`: the provider's and the emulator's); the SDKs as
// `npm run sdks` makes them (the Python wheel and sdist, the TypeScript SDK's npm tarball, the Go
// module's folder as a tarball; `--no-sdks` leaves them and the npm packages out); and the checksum file of all of
// them. The folder then holds exactly what scripts/release/artifacts.js declares, or the command
// fails. The default folder is release/. `--download-url` names a team's mirror in the executables' schema
// instead of the release downloads (provider/native/download-url.ts). It prints each artifact's
// size, the time each step took, and the host executable's start against the Node.js launcher's.
//
// Publishing is the release workflow's (.github/workflows/release.yml): npm provenance and the
// Python index's trusted publishing take the identity the code host's CI gives a workflow, which
// no machine of ours has. So without --dry-run the command builds the same files, but only from the
// tag of the version (`--tag v<version>`, checked against package.json before anything is built),
// and leaves out the unpacked host executables (the plugin's, the emulator's) the dry run keeps to try. `--assemble` builds
// nothing: it checks that the folder holds every platform's parts (the workflow builds them on two
// machines) and writes their one checksum file.
"use strict";
const { execFileSync } = require("node:child_process");
const { createHash } = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { BASES, hostPlatform } = require("./release/bases");
const { checksumsName, writeChecksums } = require("./release/archive");
const { DOCS, prepare } = require("./release/executable");
const { mb, packPlatform, timed } = require("./release/platform-pack");
const { medianStart } = require("./release/start-time");
const { artifacts, goSdkTarball, verify } = require("./release/artifacts");
const { executableName } = require("./release/executable");
const { checkOut, claimOut } = require("./release/out-folder");
const { sourceModule } = require("./release/source-module");
const { EMULATOR, emulatorVersion, packEmulator, releaseEmulator } = require("./release/emulator");

// pipestack-pack-plugin's own check of a download URL and its flag (provider/plugin-pack/archive.ts).
const { ALLOW_PLAIN_HTTP, downloadUrlProblem } = sourceModule(path.join(__dirname, "..", "provider", "plugin-pack", "archive.ts"));

const ROOT = path.resolve(__dirname, "..");
const USAGE = `usage: npm run release -- (--dry-run | --tag v<version>) [--out DIR] [--platforms linux-amd64,...] [--download-url URL [${ALLOW_PLAIN_HTTP}]] [--no-build] [--no-sdks] [--assemble]`;

function parse(argv) {
  const o = {
    dryRun: false,
    tag: undefined,
    assemble: false,
    out: path.join(ROOT, "release"),
    platforms: Object.keys(BASES.platforms),
    downloadUrl: undefined,
    allowPlainHttp: false,
    build: true,
    sdks: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dry-run") o.dryRun = true;
    else if (a === "--no-build") o.build = false;
    else if (a === "--no-sdks") o.sdks = false;
    else if (a === "--assemble") o.assemble = true;
    else if (a === "--tag" && argv[i + 1]) o.tag = argv[++i];
    else if (a === "--out" && argv[i + 1]) o.out = path.resolve(argv[++i]);
    else if (a === "--platforms" && argv[i + 1]) o.platforms = argv[++i].split(",");
    else if (a === "--download-url" && argv[i + 1]) o.downloadUrl = argv[++i];
    else if (a === ALLOW_PLAIN_HTTP) o.allowPlainHttp = true;
    else throw new Error(`unknown argument ${JSON.stringify(a)}\n${USAGE}`);
  }
  for (const p of o.platforms) if (!BASES.platforms[p]) throw new Error(`unknown platform ${p}: one of ${Object.keys(BASES.platforms).join(", ")}`);
  const problem = o.downloadUrl === undefined ? undefined : downloadUrlProblem(o.downloadUrl, o.allowPlainHttp);
  if (problem) throw new Error(problem);
  return o;
}

/** The release's version, from package.json; a `--tag` that is not `v<version>` is refused before anything is built. */
function releaseVersion({ dryRun, tag }) {
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
  if (tag === undefined && !dryRun) throw new Error(`a release is built from its tag: --tag v${version} (or --dry-run to try it)\n${USAGE}`);
  if (tag !== undefined && tag !== `v${version}`)
    throw new Error(`the tag ${tag} is not the package's version v${version}: tag the commit whose package.json says so`);
  // One version names every artifact: the emulator's files are named by the package's.
  if (emulatorVersion() !== version)
    throw new Error(`packages/${EMULATOR}/package.json says ${emulatorVersion()}, the package ${version}: a release ships both at one version`);
  return version;
}

/**
 * The key of a plugin build: what the preparation blob is made of (the bundled provider and its
 * assets; the blob itself also holds the work folder's random name), the platforms, the version,
 * the base binaries and the code that injects and packs them. The same key makes the same
 * executables and tarballs.
 */
function buildKey({ work, version, platforms }) {
  const h = createHash("sha256").update(JSON.stringify({ version, platforms, BASES }));
  for (const f of [path.join(work, "plugin.js"), path.join(work, "package.json"), DOCS]) h.update(fs.readFileSync(f));
  for (const f of ["executable.js", "platform-pack.js", "archive.js", "bases.js"]) h.update(fs.readFileSync(path.join(__dirname, "release", f)));
  return h.update(fs.readFileSync(__filename)).digest("hex").slice(0, 24);
}

/** The files of a cached build of `key` into `out`, and its result; undefined when there is none. */
function fromCache(cache, key, out) {
  const dir = path.join(cache, key);
  const manifest = path.join(dir, "release.json");
  if (!fs.existsSync(manifest)) return undefined;
  const kept = JSON.parse(fs.readFileSync(manifest, "utf8"));
  for (const f of kept.files) fs.copyFileSync(path.join(dir, f), path.join(out, f));
  const at = (f) => path.join(out, path.basename(f));
  return {
    ...kept.result,
    checksums: at(kept.result.checksums),
    artifacts: kept.result.artifacts.map((a) => ({ ...a, tarball: at(a.tarball) })),
    cached: true,
  };
}

/** Keeps the build of `key` (its files in `out`) as the cache's only one. */
function toCache(cache, key, out, result, files) {
  fs.rmSync(cache, { recursive: true, force: true });
  const dir = path.join(cache, `${key}.${process.pid}.partial`);
  fs.mkdirSync(dir, { recursive: true });
  for (const f of files) fs.copyFileSync(path.join(out, f), path.join(dir, f));
  fs.writeFileSync(path.join(dir, "release.json"), JSON.stringify({ files, result }, null, 1));
  fs.renameSync(dir, path.join(cache, key));
}

/**
 * Builds the plugin's artifacts for `platforms` into `out`; the contract tests use
 * (test/e2e/plugin-executable.test.ts). With `cache` (a folder), a build whose key (buildKey) is
 * already there is copied from it instead of injected and packed again (`cached: true`); a new
 * one replaces what the cache held.
 */
async function releasePlugin({ out, platforms, downloadUrl, cache, log = () => undefined }) {
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
  const seconds = {};
  fs.mkdirSync(out, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-release-"));
  const artifacts = [];
  try {
    const { blob, bundleBytes } = await timed(seconds, "bundle and blob", () => prepare({ work, downloadUrl }));
    log(`bundle: ${mb(bundleBytes)}`);
    const key = cache && buildKey({ work, version, platforms });
    const cached = key && fromCache(cache, key, out);
    if (cached) return { ...cached, seconds };
    for (const platform of platforms) artifacts.push(await packPlatform({ blob, platform, work, out, version, seconds, log }));
    const result = { version, seconds, artifacts, checksums: writeChecksums({ files: artifacts.map((a) => a.tarball), version, outDir: out }), bundleBytes };
    if (key) {
      const files = [...artifacts.map((a) => path.basename(a.tarball)), path.basename(result.checksums)];
      const host = artifacts.find((a) => a.platform === hostPlatform());
      if (host) files.push(path.basename(host.executable));
      toCache(cache, key, out, result, files);
    }
    return result;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The npm packages (the provider's and the emulator's) and the SDKs into `out`; returns their paths. */
async function releasePackages({ out, downloadUrl, seconds }) {
  const files = [];
  await timed(seconds, "npm package", () => {
    const packed = execFileSync("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", out], { cwd: ROOT, encoding: "utf8" });
    files.push(path.join(out, packed.trim().split("\n").pop()));
  });
  await timed(seconds, "emulator npm package", () => files.push(packEmulator(out)));
  const { buildSdks } = require("./sdks");
  const { DOWNLOAD_URL_ENV } = require("../dist/provider/native/download-url");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-release-sdks-"));
  const before = process.env[DOWNLOAD_URL_ENV];
  try {
    // The plugin that serves the SDKs' schema names the same download location as the executables.
    if (downloadUrl) process.env[DOWNLOAD_URL_ENV] = downloadUrl;
    const built = await timed(seconds, "sdks", () => buildSdks({ out: work, languages: ["python", "nodejs", "go"], log: () => undefined }));
    for (const f of [built.python.wheel, built.python.sdist, built.nodejs.tarball]) {
      fs.copyFileSync(f, path.join(out, path.basename(f)));
      files.push(path.join(out, path.basename(f)));
    }
    const goTarball = path.join(out, goSdkTarball(built.version));
    execFileSync("tar", ["-czf", goTarball, "--owner=0", "--group=0", "-C", built.go.dir, "."]);
    files.push(goTarball);
  } finally {
    if (before === undefined) delete process.env[DOWNLOAD_URL_ENV];
    else process.env[DOWNLOAD_URL_ENV] = before;
    fs.rmSync(work, { recursive: true, force: true });
  }
  return files;
}

/** `--assemble`: the parts the workflow's machines built, checked whole, under one checksum file. */
function assemble({ out, version }) {
  const expected = artifacts({ version });
  const checksums = expected.find((a) => a.name === checksumsName(version));
  // Each part brought its own checksum file; the one written here covers them all.
  verify(out, expected);
  writeChecksums({ files: expected.filter((a) => a !== checksums).map((a) => path.join(out, a.name)), version, outDir: out });
  console.log(
    `release: ${expected.length} artifacts in ${path.relative(ROOT, out) || "."}:\n${fs.readFileSync(path.join(out, checksums.name), "utf8").trimEnd()}`,
  );
}

async function main() {
  const o = parse(process.argv.slice(2));
  const version = releaseVersion(o);
  if (o.assemble) return assemble({ out: o.out, version });
  // Refused before anything is built: a folder the release did not make is never emptied.
  checkOut(o.out);
  const started = Date.now();
  if (o.build) execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  claimOut(o.out);
  const log = (l) => console.log(`release: ${l}`);
  const r = await releasePlugin({ out: o.out, platforms: o.platforms, downloadUrl: o.downloadUrl, log });
  const emulator = await timed(r.seconds, "emulator", () => releaseEmulator({ out: o.out, platforms: o.platforms, version: r.version, log }));
  const files = emulator.artifacts.map((a) => a.tarball);
  if (o.sdks) {
    const packages = await releasePackages({ out: o.out, downloadUrl: o.downloadUrl, seconds: r.seconds });
    for (const f of packages) console.log(`release: ${path.basename(f)}: ${mb(fs.statSync(f).size)}`);
    files.push(...packages);
  }
  writeChecksums({ files: [...r.artifacts.map((a) => a.tarball), ...files], version: r.version, outDir: o.out });
  console.log(`release: ${path.basename(r.checksums)}:\n${fs.readFileSync(r.checksums, "utf8").trimEnd()}`);
  const host = r.artifacts.find((a) => a.platform === hostPlatform());
  const hostExecutable = host && path.join(o.out, path.basename(host.executable));
  if (hostExecutable) {
    // Each started with no node on PATH but the launcher's own.
    const exe = await medianStart(hostExecutable, [], { ...process.env, PATH: "/nonexistent" });
    const launcher = await medianStart(process.execPath, [path.join(ROOT, "bin", "pulumi-resource-pipestack")]);
    console.log(
      `release: start to port, median of 5: executable ${exe.medianMs} ms ${JSON.stringify(exe.samplesMs)}, Node.js launcher ${launcher.medianMs} ms ${JSON.stringify(launcher.samplesMs)}`,
    );
    // A release's folder holds what is published; the dry run keeps the executables to try them.
    if (!o.dryRun) for (const f of [hostExecutable, path.join(o.out, executableName(host.platform, EMULATOR))]) fs.rmSync(f);
  }
  verify(
    o.out,
    artifacts({ version, platforms: o.platforms, sdks: o.sdks }),
    o.dryRun && host ? [executableName(host.platform), executableName(host.platform, EMULATOR)] : [],
  );
  console.log(
    `release: ${r.artifacts.length} platforms into ${path.relative(ROOT, o.out) || "."} in ${((Date.now() - started) / 1000).toFixed(1)} s ${JSON.stringify(r.seconds)}`,
  );
}

module.exports = { parse, releasePlugin };

if (require.main === module) {
  main().catch((err) => {
    console.error(`release: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
