#!/usr/bin/env node
// Makes the native provider plugin's self-contained tarball, for any Pulumi language:
//
//   npm run pack-plugin        # -> pulumi-resource-pipestack-v<version>.tar.gz
//   pulumi plugin install resource pipestack <version> -f pulumi-resource-pipestack-v<version>.tar.gz
//
// The tarball holds the launcher `pulumi-resource-pipestack` (it needs `node` on PATH, 20 or
// later), the provider bundled into one file with its dependencies (gRPC, protobuf, undici, zod),
// its docs.json and a package.json for the version. Built from dist/ (run `npm run build` first;
// `npm run pack-plugin` does). Usage: node scripts/pack-plugin.js [--out <folder>]
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { execFileSync } = require("node:child_process");

const root = path.resolve(__dirname, "..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const outArg = process.argv.indexOf("--out");
const outDir = path.resolve(outArg > 0 ? process.argv[outArg + 1] : root);
const main = path.join(root, "dist", "provider", "native", "main.js");
if (!fs.existsSync(main)) {
  console.error("pack-plugin: dist/provider/native/main.js is missing; run `npm run build` first");
  process.exit(1);
}

let esbuild;
try {
  esbuild = require("esbuild");
} catch {
  console.error("pack-plugin: esbuild is not installed (it comes with the dev dependencies: run `npm ci`)");
  process.exit(1);
}

const started = Date.now();
const stage = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-plugin-"));
try {
  const native = path.join(stage, "dist", "provider", "native");
  fs.mkdirSync(native, { recursive: true });
  esbuild.buildSync({
    entryPoints: [main],
    outfile: path.join(native, "main.js"),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    legalComments: "inline",
    logLevel: "warning",
  });
  fs.copyFileSync(path.join(root, "dist", "provider", "native", "docs.json"), path.join(native, "docs.json"));
  fs.writeFileSync(
    path.join(stage, "package.json"),
    JSON.stringify({ name: pkg.name, version: pkg.version, license: pkg.license, private: true }, null, 2) + "\n",
  );
  fs.copyFileSync(path.join(root, "LICENSE"), path.join(stage, "LICENSE"));
  const launcher = path.join(stage, "pulumi-resource-pipestack");
  fs.writeFileSync(
    launcher,
    [
      "#!/usr/bin/env node",
      "// The pipestack native provider plugin (needs node 20 or later on PATH).",
      '"use strict";',
      'require("./dist/provider/native/main.js");',
      "",
    ].join("\n"),
  );
  fs.chmodSync(launcher, 0o755);
  fs.mkdirSync(outDir, { recursive: true });
  const tarball = path.join(outDir, `pulumi-resource-pipestack-v${pkg.version}.tar.gz`);
  execFileSync("tar", ["-czf", tarball, "-C", stage, "."]);
  const kb = Math.round(fs.statSync(tarball).size / 1024);
  console.error(`pack-plugin: ${path.relative(process.cwd(), tarball) || tarball} (${kb} KB) in ${Date.now() - started} ms`);
  console.error(`install it with: pulumi plugin install resource pipestack ${pkg.version} -f ${path.basename(tarball)}`);
  console.log(tarball);
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
