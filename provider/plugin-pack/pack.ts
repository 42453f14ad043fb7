/**
 * The plugin tarball made from an installed copy of the package alone: the launcher, the built
 * provider (dist/provider), and the runtime modules it loads, copied from where the package manager
 * put them (the package's dependencies, the gRPC and protobuf libraries, and only the `proto/`
 * folder of the Pulumi SDK, whose generated stubs the server uses). No bundler, no checkout.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { archiveName, type PluginManifest } from "./archive";

export interface PackOptions {
  /** The installed package's folder (the one holding its package.json). */
  packageRoot: string;
  /** Where the tarball goes. */
  outDir: string;
  /** Recorded as the schema's `pluginDownloadURL`. */
  downloadUrl?: string;
  /** @default process.platform */
  platform?: NodeJS.Platform;
  /** @default process.arch */
  arch?: string;
}

export interface Packed {
  tarball: string;
  bytes: number;
  manifest: PluginManifest;
}

interface PackageJson {
  name: string;
  version: string;
  license?: string;
  dependencies?: Record<string, string>;
}

/** Modules the provider loads that the package does not declare: they come with the Pulumi SDK. */
const SDK_RUNTIME = ["@grpc/grpc-js", "google-protobuf"];
/** The SDK itself: only its generated gRPC stubs are needed. */
const SDK = "@pulumi/pulumi";

const readJson = (file: string): PackageJson => JSON.parse(fs.readFileSync(file, "utf8")) as PackageJson;

/** The folder of `name` as Node would find it from `from`, or from beside the SDK (as the launcher does). */
export function findPackage(name: string, from: string[]): string | undefined {
  for (const start of from) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, "node_modules", name);
      if (fs.existsSync(path.join(candidate, "package.json"))) return fs.realpathSync(candidate);
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/** Each module of `roots` and of their dependencies (types left out), by name: one copy of each. */
function closure(roots: string[], from: string[]): Map<string, string> {
  const found = new Map<string, string>();
  const queue = roots.map((name) => ({ name, from }));
  while (queue.length > 0) {
    const { name, from: searchFrom } = queue.shift()!;
    if (found.has(name) || name.startsWith("@types/")) continue;
    const dir = findPackage(name, searchFrom);
    if (!dir)
      throw new Error(`cannot find the module ${name} (from ${searchFrom[0]}): install the package with its dependencies, and @pulumi/pulumi beside it`);
    found.set(name, dir);
    for (const dep of Object.keys(readJson(path.join(dir, "package.json")).dependencies ?? {})) queue.push({ name: dep, from: [dir, ...searchFrom] });
  }
  return found;
}

function copy(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, dereference: true, filter: (f) => !f.endsWith(".map") && path.basename(f) !== "node_modules" });
}

/** Writes the tarball and says where it is. */
export function packPlugin(options: PackOptions): Packed {
  const root = fs.realpathSync(options.packageRoot);
  const pkg = readJson(path.join(root, "package.json"));
  const main = path.join(root, "dist", "provider", "native", "main.js");
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: the package is not built`);
  const sdk = findPackage(SDK, [root]);
  if (!sdk) throw new Error(`cannot find ${SDK} from ${root}: the plugin uses its gRPC stubs; install it beside the package`);
  const modules = closure([...Object.keys(pkg.dependencies ?? {}), ...SDK_RUNTIME], [root, sdk]);

  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-plugin-"));
  try {
    copy(path.join(root, "dist", "provider"), path.join(stage, "dist", "provider"));
    fs.rmSync(path.join(stage, "dist", "provider", "docs"), { recursive: true, force: true });
    for (const [name, dir] of modules) copy(dir, path.join(stage, "node_modules", name));
    fs.mkdirSync(path.join(stage, "node_modules", SDK), { recursive: true });
    fs.copyFileSync(path.join(sdk, "package.json"), path.join(stage, "node_modules", SDK, "package.json"));
    copy(path.join(sdk, "proto"), path.join(stage, "node_modules", SDK, "proto"));
    if (fs.existsSync(path.join(root, "LICENSE"))) fs.copyFileSync(path.join(root, "LICENSE"), path.join(stage, "LICENSE"));
    const manifest: PluginManifest = {
      name: pkg.name,
      version: pkg.version,
      license: pkg.license ?? "Apache-2.0",
      private: true,
      ...(options.downloadUrl ? { pluginDownloadURL: options.downloadUrl } : {}),
    };
    fs.writeFileSync(path.join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
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
    fs.mkdirSync(options.outDir, { recursive: true });
    const tarball = path.join(path.resolve(options.outDir), archiveName(pkg.version, options.platform ?? process.platform, options.arch ?? process.arch));
    execFileSync("tar", ["-czf", tarball, "-C", stage, "."]);
    return { tarball, bytes: fs.statSync(tarball).size, manifest };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
