/**
 * The native plugin as a release ships it: one executable built for this machine's platform by the
 * release command's own code (scripts/release.js: the bundled provider in a Node.js
 * single-executable application), in the tarball the CLI downloads, beside the checksum file. It
 * serves the same schema as the Node.js launcher, starts no slower, and needs no `node`. Then a
 * Python program whose SDK was generated from that schema, with no plugin installed and no `node`
 * on PATH, runs up, preview, an update and destroy against the emulator: the engine downloads the
 * plugin by itself from the schema's `pluginDownloadURL` (the release location), which the CLI's
 * download-URL override (PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES) sends to a loopback HTTP server
 * standing in for the release; what it served is what the checksum file names.
 * (Only this platform is built here; `npm run release -- --dry-run` builds the others.)
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseLocation } from "../../provider/native/download-url";
import { REPOSITORY } from "../../provider/native/docs-url";
import { E2EStack, pulumiBin, repoRoot } from "./harness";
import { packageSchema, run, schemaTool } from "./package-schema";
import { pythonEnv, standInPythonHost } from "./python-env";

interface Released {
  version: string;
  seconds: Record<string, number>;
  checksums: string;
  bundleBytes: number;
  artifacts: { platform: string; tarball: string; executable: string; executableBytes: number; tarballBytes: number }[];
}
interface StartTime {
  medianMs: number;
  samplesMs: number[];
}
const req = createRequire(__filename);
const { releasePlugin } = req(path.join(repoRoot, "scripts", "release.js")) as {
  releasePlugin: (o: { out: string; platforms: string[] }) => Promise<Released>;
};
const { hostPlatform } = req(path.join(repoRoot, "scripts", "release", "bases.js")) as { hostPlatform: () => string };
const { medianStart } = req(path.join(repoRoot, "scripts", "release", "start-time.js")) as {
  medianStart: (cmd: string, args: string[], env?: NodeJS.ProcessEnv) => Promise<StartTime>;
};

let tmp: string;
let out: string;
let released: Released;
let exe: string;
let mirror: http.Server;
let mirrorUrl: string;
const requested: string[] = [];
/** The SHA-256 of each file the stand-in served, by name. */
const served: Record<string, string> = {};
/** A PATH with no `node` on it: only an empty folder (the tests add the CLI's and the language host's). */
let noNode: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-exe-"));
  out = path.join(tmp, "release");
  noNode = path.join(tmp, "empty");
  fs.mkdirSync(noNode);
  const started = Date.now();
  released = await releasePlugin({ out, platforms: [hostPlatform()] });
  exe = path.join(out, path.basename(released.artifacts[0].executable));
  const a = released.artifacts[0];
  console.log(
    `plugin-executable: built in ${((Date.now() - started) / 1000).toFixed(1)} s ${JSON.stringify(released.seconds)}; bundle ${released.bundleBytes} B, ` +
      `executable ${a.executableBytes} B, ${path.basename(a.tarball)} ${a.tarballBytes} B`,
  );
  // The release location's stand-in: the release folder's files, and a record of what was asked for.
  mirror = http.createServer((request, res) => {
    const name = path.basename(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    requested.push(name);
    const file = path.join(out, name);
    if (!name || !fs.existsSync(file)) return void res.writeHead(404).end();
    served[name] = sha256(file);
    res.writeHead(200, { "content-type": "application/gzip", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => mirror.listen(0, "127.0.0.1", resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;
}, 600_000);

afterAll(async () => {
  await new Promise((resolve) => mirror?.close(resolve));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("the plugin executable of this platform", () => {
  it("is in the tarball named as the CLI asks for it, alone with the LICENSE, and in the checksum file", () => {
    const [os_, arch] = hostPlatform().split("-");
    const tarball = released.artifacts[0].tarball;
    expect(path.basename(tarball)).toBe(`pulumi-resource-pipestack-v${released.version}-${os_}-${arch}.tar.gz`);
    const listing = run("tar", ["-tzf", tarball], { home: tmp });
    expect(listing.stdout.trim().split("\n").sort()).toEqual(["LICENSE", os_ === "windows" ? "pulumi-resource-pipestack.exe" : "pulumi-resource-pipestack"]);
    expect(path.basename(released.checksums)).toBe(`pulumi-pipestack_${released.version}_checksums.txt`);
    expect(fs.readFileSync(released.checksums, "utf8")).toBe(`${sha256(tarball)}  ${path.basename(tarball)}\n`);
  });

  it("serves the launcher's schema, naming the release location, with no node on PATH", () => {
    const home = path.join(tmp, "schema-home");
    const env = { PATH: [pulumiBin(), noNode].join(path.delimiter) };
    const got = run(path.join(pulumiBin(), "pulumi"), ["package", "get-schema", exe], { home, env });
    expect(got.code, got.stderr).toBe(0);
    const schema = JSON.parse(got.stdout) as { version: string; pluginDownloadURL: string; resources: Record<string, { description?: string }> };
    expect(schema.version).toBe(released.version);
    expect(schema.pluginDownloadURL).toBe(releaseLocation(REPOSITORY, released.version));
    // The doc comments travel as an asset: the same schema, descriptions included, as the launcher's.
    expect(schema).toEqual(JSON.parse(packageSchema(home)));
    expect(schema.resources["pipestack:index:Pipe"].description).toBeTruthy();
  }, 120_000);

  it("starts no slower than the Node.js launcher (time to the port line, median of 5)", async () => {
    const executable = await medianStart(exe, [], { ...process.env, PATH: noNode });
    const launcher = await medianStart(process.execPath, [path.join(repoRoot, "bin", "pulumi-resource-pipestack")]);
    console.log(`plugin-executable: start to port: executable ${JSON.stringify(executable)}, launcher ${JSON.stringify(launcher)}`);
    expect(executable.medianMs).toBeLessThanOrEqual(launcher.medianMs);
  }, 120_000);
});

describe("a Python program with no plugin installed and no node on PATH", () => {
  const PASSWORD = "exe-kafka-pw-83c1e0";
  let s: E2EStack;

  beforeAll(async () => {
    // The SDK generated from the executable's schema, as a Python user installs it.
    const home = path.join(tmp, "sdk-home");
    const schema = run(path.join(pulumiBin(), "pulumi"), ["package", "get-schema", exe], { home, env: { PATH: noNode } });
    expect(schema.code, schema.stderr).toBe(0);
    const sdk = path.join(tmp, "python-sdk");
    const site = path.join(tmp, "python-site");
    const gen = run(schemaTool(), ["gen", "python", sdk], { home, input: schema.stdout });
    expect(gen.code, gen.stderr).toBe(0);
    const python = path.join(pythonEnv(), "python");
    const pip = run(
      python,
      ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--no-index", "--no-build-isolation", "--target", site, sdk],
      {
        home,
      },
    );
    expect(pip.code, pip.stderr).toBe(0);
    // The Python program of native-python.test.ts, without the plugin folder its project names.
    const program = path.join(tmp, "program");
    fs.cpSync(path.join(repoRoot, "test", "e2e", "programs", "native-python"), program, { recursive: true });
    const project = fs.readFileSync(path.join(program, "Pulumi.yaml"), "utf8");
    fs.writeFileSync(path.join(program, "Pulumi.yaml"), project.slice(0, project.indexOf("plugins:")));
    const host = standInPythonHost(path.join(tmp, "python-host"), python, site);
    // A prefix: the CLI drops the URL's trailing slash before matching.
    const release = releaseLocation(REPOSITORY, released.version)
      .replace(/\/$/, "")
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    s = await E2EStack.open({
      program,
      stackServer: true,
      secretConfig: { kafkaPassword: PASSWORD },
      env: {
        PATH: [pulumiBin(), host, noNode].join(path.delimiter),
        PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${release}=${mirrorUrl}`,
      },
    });
  }, 600_000);
  afterAll(async () => {
    await s?.close();
  });

  it("has no node on the CLI's PATH", () => {
    const dirs = [pulumiBin(), noNode];
    expect(dirs.filter((d) => fs.existsSync(path.join(d, "node")))).toEqual([]);
  });

  it("gets the plugin from the release location on its first preview, then creates, previews no change and destroys", async () => {
    const plugins = path.join(s.tmp, "home", "plugins");
    expect(fs.existsSync(path.join(plugins, `resource-pipestack-v${released.version}`))).toBe(false);
    await s.must(["preview"]);
    const tarball = path.basename(released.artifacts[0].tarball);
    expect(requested).toContain(tarball);
    // What the engine got is what the checksum file names (the CLI's own `--checksum` cannot check
    // it yet: Pulumi 3.248 leaves the last chunk of a download out of the hash it compares).
    const line = fs
      .readFileSync(released.checksums, "utf8")
      .split("\n")
      .find((l) => l.endsWith(`  ${tarball}`))!;
    expect(served[tarball]).toBe(line.split("  ")[0]);
    expect(sha256(path.join(plugins, `resource-pipestack-v${released.version}`, path.basename(exe)))).toBe(sha256(exe));

    await s.up();
    const [pipe] = s.pipes();
    expect(s.pipes()).toHaveLength(1);
    expect(pipe).toMatchObject({ name: "python-events", source: { topics: "events", authentication: "PLAIN" } });
    await s.expectNoChanges();

    await s.setConfig("replicas", "2");
    const steps = await s.previewJson();
    const events = steps["events"];
    expect(events.op).toBe("update");
    expect(events.detailedDiff).toEqual({ "scaling.replicas": { kind: "update", inputDiff: false } });
    await s.up();
    expect(s.pipes()[0]).toMatchObject({ id: pipe.id, scaling: { replicas: 2 } });
    await s.assertNoPlaintextSecrets();
    await s.destroy();
    expect(s.storedObjects()).toBe(0);
  }, 600_000);
});
