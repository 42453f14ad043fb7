// The newer-Node runs of the test command: Node 22 and 24 (binaries from the npm package `node`)
// with the newest @pulumi/pulumi, which needs Node >= 22, and the Pulumi CLI of the same version. They run in a copy of the checkout under
// .ci-cache/ (gitignored) with its own node_modules, so the main package-lock.json and
// node_modules are never touched, and every resolution (the tests', the Pulumi program's, the
// dynamic provider's, the policy pack's) finds the one newer SDK: no NODE_PATH tricks, which lose
// to the main node_modules anyway.
"use strict";
const { spawnSync } = require("node:child_process");
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

/**
 * Test files the newer-Node runs take: every unit, package and provider test, and a representative
 * e2e subset (test/README.md lists the tiers; test/package/test-tiers.test.ts checks these exist).
 */
const SUBSET = [
  "test/unit",
  "test/package",
  "test/provider",
  // The pipe lifecycle through the CLI (secrets, the serialized shim under the newer SDK),
  "test/e2e/quickstart.test.ts",
  // the stack resources and the functions' Output forms,
  "test/e2e/observability.test.ts",
  // and the policy-pack path (the language host's RunPlugin, the policy SDK on the newer SDK).
  "test/e2e/policy-pack.test.ts",
  // The newer CLI's own plugin checksum check (`pulumi plugin install --checksum`).
  "test/e2e/plugin-verified-install.test.ts",
];

/**
 * Files of SUBSET's folders the newer runs leave out: docs/packages.md's sizes are this checkout's,
 * installed from its lockfile; a newer run replaces @pulumi/pulumi, whose installed size differs.
 */
const EXCLUDED = ["test/package/package-sizes.test.ts"];

function must(cmd, args, opts) {
  const r = spawnSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}`);
  return (r.stdout ?? "").trim();
}

/** The absolute path of a Node.js binary of that major version (from the npm package `node`). */
function nodeBinary(major) {
  return must("npx", ["-y", "-p", `node@${major}`, "node", "-p", "process.execPath"])
    .split("\n")
    .pop();
}

/** The newest @pulumi/pulumi on the registry, unless PIPESTACK_NEWER_SDK names one. */
function newestSdk() {
  return process.env.PIPESTACK_NEWER_SDK || must("npm", ["view", "@pulumi/pulumi", "version"]);
}

/** The Pulumi CLI the newer runs use: PIPESTACK_NEWER_CLI, else the newest SDK's version (`sdk`), which Pulumi releases with it. */
function newestCli(sdk) {
  return process.env.PIPESTACK_NEWER_CLI || sdk;
}

const SKIP = new Set(["node_modules", ".ci-cache", "dist", "test-results", ".git"]);

/** The checkout's files: tracked and new ones not ignored, from git; else every file but builds and installs. */
function sourceFiles(root) {
  const git = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  if (git.status === 0) return git.stdout.split("\0").filter(Boolean);
  const walk = (rel) =>
    fs.readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
      if (SKIP.has(e.name)) return [];
      const p = path.join(rel, e.name);
      return e.isDirectory() ? walk(p) : e.isFile() ? [p] : [];
    });
  return walk("");
}

/**
 * Copies the checkout's files (tracked and new, not ignored) into `dir` and installs the
 * lockfile's packages there with @pulumi/pulumi replaced by `sdk`; reinstalls only when the
 * lockfile or the SDK version changed. Builds the copy with `node`.
 */
function prepareWorkdir(root, dir, sdk, node) {
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of fs.readdirSync(dir)) if (entry !== "node_modules") fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  const list = sourceFiles(root);
  for (const file of list) {
    const from = path.join(root, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, file));
  }
  const marker = path.join(dir, "node_modules", ".pipestack-install");
  const want = crypto
    .createHash("sha256")
    .update(fs.readFileSync(path.join(root, "package-lock.json")))
    .update(sdk)
    .digest("hex");
  const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` };
  if (!fs.existsSync(marker) || fs.readFileSync(marker, "utf8") !== want) {
    const quiet = ["--no-audit", "--no-fund", "--ignore-scripts"];
    must("npm", ["ci", ...quiet], { cwd: dir, env, stdio: ["ignore", "inherit", "inherit"] });
    // --no-save: the copy's package.json and lockfile stay as the checkout's.
    must("npm", ["install", "--no-save", ...quiet, `@pulumi/pulumi@${sdk}`], { cwd: dir, env, stdio: ["ignore", "inherit", "inherit"] });
    fs.writeFileSync(marker, want);
  }
  // The steps of `npm run build`, on this Node.
  must(node, [path.join(dir, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], { cwd: dir, env });
  must(node, [path.join(dir, "scripts", "native-docs.js")], { cwd: dir, env });
  must(node, [path.join(dir, "packages", "pipestack-emulator", "build.js")], { cwd: dir, env });
  must(node, [path.join(dir, "scripts", "link-self.js")], { cwd: dir, env });
  const installed = JSON.parse(fs.readFileSync(path.join(dir, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")).version;
  if (installed !== sdk) throw new Error(`the copy has @pulumi/pulumi ${installed}, not ${sdk}`);
}

module.exports = { SUBSET, EXCLUDED, nodeBinary, newestCli, newestSdk, prepareWorkdir };
