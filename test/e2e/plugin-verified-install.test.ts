/**
 * The verified way to install the plugin (docs/releasing.md, "Downloaded by the engine"), which
 * the engine's own download does not give (it checks no checksum): the doc's commands, run as
 * written with the real CLI, against a loopback server standing in for the mirror and for the
 * code host's release. The tarball the release's checksum file names installs; a changed one
 * (still a valid plugin tarball) stops at `sha256sum -c`, and no plugin is installed.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPOSITORY } from "../../provider/native/docs-url";
import { runProcess } from "../support/run-process";
import { pulumiBin, repoRoot } from "./harness";
import { runAsync } from "./package-indexes";

const { writeChecksums } = createRequire(__filename)("../../scripts/release/archive.js") as {
  writeChecksums: (o: { files: string[]; version: string; outDir: string }) => string;
};
const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
/** The doc's shell block that installs the plugin by the verified path. */
const DOC_BLOCK = (() => {
  const doc = fs.readFileSync(path.join(repoRoot, "docs", "releasing.md"), "utf8");
  const block = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes("sha256sum -c"));
  if (block === undefined) throw new Error("docs/releasing.md has no sh block with `sha256sum -c`");
  return block;
})();

let tmp: string;
let tarball: string;
let served: Buffer;
let server: http.Server;
let base: string;
beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-verified-install-"));
  const release = path.join(tmp, "release");
  const packed = await runProcess(process.execPath, [path.join(repoRoot, "bin", "pipestack-pack-plugin.js"), "--out", release]);
  expect(packed.status, packed.stderr).toBe(0);
  tarball = packed.stdout.trim();
  writeChecksums({ files: [tarball], version, outDir: release });
  served = fs.readFileSync(tarball);
  server = http.createServer((req, res) => {
    const name = path.basename(req.url ?? "");
    if (req.url === `/mirror/${path.basename(tarball)}`) return res.end(served);
    if (req.url?.startsWith("/release/") && fs.existsSync(path.join(release, name))) return res.end(fs.readFileSync(path.join(release, name)));
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The doc's commands, the two locations pointed at the loopback server, run in a fresh folder and PULUMI_HOME. */
async function runDoc(name: string) {
  const script = DOC_BLOCK.replace("<version>", version)
    .replace("https://plugins.example.test/pipestack/", `${base}/mirror/`)
    .replace(`${REPOSITORY}/releases/download/v$v/`, `${base}/release/`);
  expect(script, "the doc names both locations").not.toContain("example.test");
  expect(script).not.toContain(REPOSITORY);
  const cwd = path.join(tmp, name);
  const home = path.join(cwd, ".pulumi-home");
  fs.mkdirSync(cwd);
  const env = { ...process.env, PATH: `${await pulumiBin()}${path.delimiter}${process.env.PATH ?? ""}`, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" };
  // Run apart from this process's event loop, which serves the downloads.
  const r = await runAsync("bash", ["-e", "-c", script], { cwd, env });
  const plugins = await runProcess("pulumi", ["plugin", "ls", "--json"], { cwd, env });
  const installed = (JSON.parse(plugins.stdout || "[]") as { name: string; version: string }[] | null) ?? [];
  return { status: r.code, stdout: r.stdout, stderr: r.stderr, installed: installed.filter((p) => p.name === "pipestack").map((p) => p.version) };
}

describe("the verified install of docs/releasing.md", () => {
  it("installs the tarball the release's checksum file names", async () => {
    const r = await runDoc("honest");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${path.basename(tarball)}: OK`);
    expect(r.installed).toEqual([version]);
  }, 120_000);

  it("stops at sha256sum -c on a changed tarball (a valid one the CLI would install): no plugin installed", async () => {
    // The same plugin with one line added to its launcher, packed again: only the checksum tells.
    const unpacked = path.join(tmp, "changed");
    fs.mkdirSync(unpacked);
    expect((await runProcess("tar", ["-xzf", tarball, "-C", unpacked])).status).toBe(0);
    fs.appendFileSync(path.join(unpacked, "pulumi-resource-pipestack"), "// changed after the release\n");
    const changed = path.join(tmp, "changed.tar.gz");
    expect((await runProcess("tar", ["-czf", changed, "-C", unpacked, "."])).status).toBe(0);
    served = fs.readFileSync(changed);
    const r = await runDoc("tampered");
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toContain("FAILED");
    expect(r.installed).toEqual([]);
  }, 120_000);
});

/**
 * The CLI's own check (`pulumi plugin install ... --checksum <hex>`, the first field of the
 * release's checksum line): CLI 3.276 checks it; 3.248 hashes the download less its last chunk
 * and so refuses even the right one (docs/releasing.md). The newer-Node runs use the newer CLI.
 */
describe("pulumi plugin install --checksum, by the CLI's version", () => {
  const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  async function install(name: string, checksum: string) {
    const cwd = path.join(tmp, name);
    const home = path.join(cwd, ".pulumi-home");
    fs.mkdirSync(cwd, { recursive: true });
    const env = { ...process.env, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" };
    const pulumi = path.join(await pulumiBin(), "pulumi");
    const r = await runAsync(pulumi, ["plugin", "install", "resource", "pipestack", version, "--server", `${base}/mirror/`, "--checksum", checksum], {
      cwd,
      env,
    });
    const listed = await runProcess(pulumi, ["plugin", "ls", "--json"], { cwd, env });
    const installed = ((JSON.parse(listed.stdout || "[]") as { name: string; version: string }[] | null) ?? []).filter((p) => p.name === "pipestack");
    return { code: r.code, text: r.stdout + r.stderr, installed: installed.map((p) => p.version) };
  }

  it("3.276 and later install the tarball of the right checksum and refuse a changed one; 3.248 refuses both", async () => {
    served = fs.readFileSync(tarball);
    const cli = (await runProcess(path.join(await pulumiBin(), "pulumi"), ["version"])).stdout.trim().replace(/^v/, "");
    const checks = cli.localeCompare("3.276.0", undefined, { numeric: true }) >= 0;
    const right = await install(`checksum-right-${cli}`, sha(served));
    const wrong = await install(`checksum-wrong-${cli}`, sha(Buffer.concat([served, Buffer.from("x")])));
    expect(wrong.code, wrong.text).not.toBe(0);
    expect(wrong.text).toContain("invalid checksum");
    expect(wrong.installed).toEqual([]);
    if (checks) {
      expect(right.code, right.text).toBe(0);
      expect(right.installed).toEqual([version]);
    } else {
      expect(right.code).not.toBe(0);
      expect(right.text).toContain("invalid checksum");
    }
  }, 180_000);
});
