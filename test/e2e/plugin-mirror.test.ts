/**
 * The native plugin installed the way Pulumi teams install providers, from the npm package alone:
 * `npm pack`, installed into a folder outside the checkout, its own `pipestack-pack-plugin`
 * command makes the tarball for a team's mirror (a loopback HTTP server stands in for it), and
 * `pulumi plugin install resource pipestack <version> --server <mirror>` fetches and installs it.
 * The installed plugin then runs from the plugin cache alone and serves a schema that names the
 * mirror as its `pluginDownloadURL`.
 */
import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { pulumiBin, repoRoot } from "./harness";

const run = promisify(execFile);
const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

let tmp: string;
let project: string;
let mirrorDir: string;
let mirror: http.Server;
let mirrorUrl: string;
const requested: string[] = [];

/** The CLI with a plugin cache of its own (nothing installed before), asynchronously: the mirror answers in this process. */
async function pulumi(args: string[]): Promise<string> {
  const env = { ...process.env, PULUMI_HOME: path.join(tmp, "pulumi-home"), PULUMI_SKIP_UPDATE_CHECK: "true", PULUMI_DIY_BACKEND_URL: `file://${tmp}` };
  const r = await run(path.join(await pulumiBin(), "pulumi"), args, { env, cwd: tmp, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return r.stdout;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-mirror-"));
  project = path.join(tmp, "project");
  mirrorDir = path.join(tmp, "mirror");
  fs.mkdirSync(project);
  fs.mkdirSync(mirrorDir);
  // The mirror: static files, and a record of what the CLI asked for.
  mirror = http.createServer((req, res) => {
    const name = path.basename(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    requested.push(name);
    const file = path.join(mirrorDir, name);
    if (!name || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/gzip", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => mirror.listen(0, "127.0.0.1", resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;

  // The package as npm publishes it, installed outside the checkout; the SDK the user already has.
  const packed = await runProcess("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", project], { cwd: repoRoot });
  expect(packed.status, packed.stderr).toBe(0);
  const tarball = packed.stdout.trim().split("\n").pop()!;
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "mirror-team", private: true }));
  fs.mkdirSync(path.join(project, "node_modules", "@pulumi"), { recursive: true });
  fs.symlinkSync(path.join(repoRoot, "node_modules", "@pulumi", "pulumi"), path.join(project, "node_modules", "@pulumi", "pulumi"));
  const installed = await runProcess("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--ignore-scripts", `./${tarball}`], { cwd: project });
  expect(installed.status, installed.stderr).toBe(0);
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => mirror?.close(resolve));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the plugin from the npm package, served by a team's mirror", () => {
  let packedTarball: string;

  it("`pipestack-pack-plugin` of the installed package writes the tarball named as the CLI asks for it", async () => {
    expect(fs.lstatSync(path.join(project, "node_modules", "pulumi-pipestack")).isSymbolicLink()).toBe(false);
    const started = Date.now();
    const r = await run(path.join(project, "node_modules", ".bin", "pipestack-pack-plugin"), ["--out", mirrorDir, "--download-url", mirrorUrl], {
      cwd: project,
      encoding: "utf8",
    });
    packedTarball = r.stdout.trim();
    const os_ = process.platform === "win32" ? "windows" : process.platform;
    const arch = process.arch === "x64" ? "amd64" : process.arch;
    expect(path.basename(packedTarball)).toBe(`pulumi-resource-pipestack-v${version}-${os_}-${arch}.tar.gz`);
    expect(path.dirname(packedTarball)).toBe(mirrorDir);
    console.log(`pipestack-pack-plugin: ${Math.round(fs.statSync(packedTarball).size / 1024)} KB in ${Date.now() - started} ms`);
  }, 120_000);

  it("`pulumi plugin install --server <mirror>` fetches it; the plugin runs from the cache alone and names the mirror", async () => {
    await pulumi(["plugin", "install", "resource", "pipestack", version, "--server", mirrorUrl]);
    expect(requested).toContain(path.basename(packedTarball));
    const plugins = JSON.parse(await pulumi(["plugin", "ls", "--json"])) as { name: string; kind: string; version: string }[];
    expect(plugins.map((p) => [p.name, p.kind, p.version])).toEqual([["pipestack", "resource", version]]);
    // Started by name from the plugin cache (outside the checkout and the project): the schema
    // carries the version and the mirror, which SDKs generated from it download the plugin from.
    const schema = JSON.parse(await pulumi(["package", "get-schema", "pipestack"])) as { version: string; pluginDownloadURL?: string };
    expect(schema.version).toBe(version);
    expect(schema.pluginDownloadURL).toBe(mirrorUrl);
  }, 180_000);
});

describe("the package's plugin folder as a Pulumi plugin project", () => {
  it("carries a PulumiPlugin.yaml (runtime nodejs) whose entry point, run as the Node.js language host runs plugins, serves the provider", async () => {
    const folder = path.join(project, "node_modules", "pulumi-pipestack", "bin");
    expect(fs.readFileSync(path.join(folder, "PulumiPlugin.yaml"), "utf8")).toMatch(/^runtime: nodejs$/m);
    // What pulumi-language-nodejs's RunPlugin starts for `pulumi package add <folder>`:
    // node <@pulumi/pulumi/cmd/run-plugin> <folder>; the plugin answers with its port.
    const runPlugin = path.join(project, "node_modules", "@pulumi", "pulumi", "cmd", "run-plugin");
    const child = spawn(process.execPath, [runPlugin, folder], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
    try {
      const port = await new Promise<string>((resolve, reject) => {
        let out = "";
        let err = "";
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /^(\d+)\s*$/m.exec(out);
          if (m) resolve(m[1]);
        });
        child.stderr.on("data", (d: Buffer) => (err += d.toString()));
        child.on("exit", (code) => reject(new Error(`run-plugin exited ${code}: ${out}${err}`)));
      });
      const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
      const info = await new Promise<plugproto.PluginInfo>((resolve, reject) =>
        client.getPluginInfo(new emptyproto.Empty(), (e: grpc.ServiceError | null, r?: plugproto.PluginInfo) => (e ? reject(e) : resolve(r!))),
      );
      client.close();
      expect(info.getVersion()).toBe(version);
    } finally {
      child.kill();
    }
  }, 60_000);
});
