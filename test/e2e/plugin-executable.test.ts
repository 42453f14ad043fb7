/**
 * The native plugin and the SDKs as a release ships them, installed as a user of each language
 * installs them: by name, with no checkout and no `node`.
 *
 * The plugin: one executable built for this machine's platform by the release command's own code
 * (scripts/release.js: the bundled provider in a Node.js single-executable application; cached by
 * its content under .ci-cache/), in the tarball the CLI downloads, beside the checksum file. It
 * serves the same schema as the Node.js launcher, starts no slower, and needs no `node`.
 *
 * Then two programs with no plugin installed and no `node` on PATH run against the emulator; the
 * engine downloads the plugin by itself from the schema's `pluginDownloadURL` (the release
 * location), which the CLI's download-URL override (PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES) sends to
 * a loopback HTTP server standing in for the release; what it served is what the checksum file names.
 * - Python: the SDK's wheel and sdist (`twine check` clean) on a local package index (pypiserver),
 *   `pip install pulumi-pipestack==<version>` by name into an empty virtual environment, whose
 *   dependencies come from the same index; up, preview, an update and destroy.
 * - Go: the SDK module at the import path it is published under, in a file module proxy,
 *   `go get <module>@v<version>` with no `replace`; an Automation API program (test/e2e/go/main.go)
 *   built on it runs up, preview (its detailed diff checked) and destroy.
 * (Only this platform is built here; `npm run release -- --dry-run` builds the others.)
 */
import { spawn } from "node:child_process";
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
import { storedObjects, storedPipes } from "../support/stored";
import { AutomationStack, type StepCommand } from "./automation-stack";
import { runProcess } from "../support/run-process";
import { E2EStack, pulumiBin, repoRoot } from "./harness";
import { escapeModulePath, publishGoModule, pythonIndexTools, runAsync, startPackageIndex, type PackageIndex } from "./package-indexes";
import { packageSchema, run } from "./package-schema";
import { standInPythonHost } from "./python-env";
import { builtSdks } from "./sdks-build";
import { commandsOf, sectionOf } from "./doc-commands";
import { yamlHost } from "./yaml-host";
import { startTestEmulator } from "../support/emulator";
import type { Emulator } from "../../emulator";

interface Released {
  version: string;
  seconds: Record<string, number>;
  checksums: string;
  bundleBytes: number;
  /** Taken from the cache, not built. */
  cached?: boolean;
  artifacts: { platform: string; tarball: string; executable: string; executableBytes: number; tarballBytes: number }[];
}
interface StartTime {
  medianMs: number;
  samplesMs: number[];
}
const req = createRequire(__filename);
const { releasePlugin } = req(path.join(repoRoot, "scripts", "release.js")) as {
  releasePlugin: (o: { out: string; platforms: string[]; cache?: string }) => Promise<Released>;
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
  released = await releasePlugin({ out, platforms: [hostPlatform()], cache: path.join(repoRoot, ".ci-cache", "release-plugin") });
  exe = path.join(out, path.basename(released.artifacts[0].executable));
  const a = released.artifacts[0];
  console.log(
    `plugin-executable: ${released.cached ? "taken from .ci-cache" : "built"} in ${((Date.now() - started) / 1000).toFixed(1)} s ${JSON.stringify(released.seconds)}; bundle ${released.bundleBytes} B, ` +
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

/** The CLI's download-URL override sending the release location to the stand-in (a prefix: the CLI drops the URL's trailing slash before matching). */
function downloadOverride(): string {
  const release = releaseLocation(REPOSITORY, released.version)
    .replace(/\/$/, "")
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `^${release}=${mirrorUrl}`;
}

/** Checks what the engine downloaded (after the stand-in's `asked`-th request) into the Pulumi home `home`: the tarball, as the checksum file names it. */
function expectDownloaded(home: string, asked: number): void {
  const tarball = path.basename(released.artifacts[0].tarball);
  expect(requested.slice(asked)).toContain(tarball);
  // What the engine got is what the checksum file names (the CLI's own `--checksum` cannot check
  // it yet: Pulumi 3.248 leaves the last chunk of a download out of the hash it compares).
  const line = fs
    .readFileSync(released.checksums, "utf8")
    .split("\n")
    .find((l) => l.endsWith(`  ${tarball}`))!;
  expect(served[tarball]).toBe(line.split("  ")[0]);
  expect(sha256(path.join(home, "plugins", `resource-pipestack-v${released.version}`, path.basename(exe)))).toBe(sha256(exe));
}

describe("the plugin executable of this platform", () => {
  it("is in the tarball named as the CLI asks for it, alone with the LICENSE, and in the checksum file", async () => {
    const [os_, arch] = hostPlatform().split("-");
    const tarball = released.artifacts[0].tarball;
    expect(path.basename(tarball)).toBe(`pulumi-resource-pipestack-v${released.version}-${os_}-${arch}.tar.gz`);
    const listing = await run("tar", ["-tzf", tarball], { home: tmp });
    expect(listing.stdout.trim().split("\n").sort()).toEqual(["LICENSE", os_ === "windows" ? "pulumi-resource-pipestack.exe" : "pulumi-resource-pipestack"]);
    expect(path.basename(released.checksums)).toBe(`pulumi-pipestack_${released.version}_checksums.txt`);
    expect(fs.readFileSync(released.checksums, "utf8")).toBe(`${sha256(tarball)}  ${path.basename(tarball)}\n`);
  });

  it("serves the launcher's schema, naming the release location, with no node on PATH", async () => {
    const home = path.join(tmp, "schema-home");
    const env = { PATH: [await pulumiBin(), noNode].join(path.delimiter) };
    const got = await run(path.join(await pulumiBin(), "pulumi"), ["package", "get-schema", exe], { home, env });
    expect(got.code, got.stderr).toBe(0);
    const schema = JSON.parse(got.stdout) as { version: string; pluginDownloadURL: string; resources: Record<string, { description?: string }> };
    expect(schema.version).toBe(released.version);
    expect(schema.pluginDownloadURL).toBe(releaseLocation(REPOSITORY, released.version));
    // The doc comments travel as an asset: the same schema, descriptions included, as the launcher's.
    expect(schema).toEqual(JSON.parse(await packageSchema(home)));
    expect(schema.resources["pipestack:index:Pipe"].description).toBeTruthy();
  }, 120_000);

  it("starts no slower than the Node.js launcher (time to the port line, median of 5)", async () => {
    const executable = await medianStart(exe, [], { ...process.env, PATH: noNode });
    const launcher = await medianStart(process.execPath, [path.join(repoRoot, "bin", "pulumi-resource-pipestack")]);
    console.log(`plugin-executable: start to port: executable ${JSON.stringify(executable)}, launcher ${JSON.stringify(launcher)}`);
    expect(executable.medianMs).toBeLessThanOrEqual(launcher.medianMs);
  }, 120_000);
});

describe("a Python program, its SDK installed by name from a package index, with no plugin installed and no node on PATH", () => {
  const PASSWORD = "exe-kafka-pw-83c1e0";
  let s: E2EStack;
  let index: PackageIndex | undefined;
  const seconds: Record<string, number> = {};
  const timed = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
    const t = Date.now();
    try {
      return await f();
    } finally {
      seconds[what] = (Date.now() - t) / 1000;
    }
  };

  beforeAll(async () => {
    const home = path.join(tmp, "sdk-home");
    // The wheel and the sdist as the release makes them (scripts/sdks.js, the run's one build).
    const sdks = await timed("sdks", () => builtSdks());
    const tools = await timed("index tools", () => pythonIndexTools());
    const dist = path.join(tmp, "python-dist");
    fs.mkdirSync(dist);
    for (const f of [sdks.python.wheel, sdks.python.sdist]) fs.copyFileSync(f, path.join(dist, path.basename(f)));
    // What the index refuses to take, nobody installs: the upload's own check first.
    const twine = await timed("twine check", () =>
      runAsync(path.join(tools.bin, "twine"), ["check", "--strict", ...fs.readdirSync(dist).map((f) => path.join(dist, f))]),
    );
    expect(twine.code, twine.stdout + twine.stderr).toBe(0);
    // The SDK beside the wheels of what it requires: nothing else is reachable by name.
    index = await startPackageIndex(tools.bin, [dist, tools.wheelhouse]);
    // An empty environment (no pip of its own, no package), filled by name through the index.
    const venv = path.join(tmp, "venv");
    expect((await timed("venv", () => runAsync("python3", ["-m", "venv", "--without-pip", venv]))).code).toBe(0);
    const python = path.join(venv, "bin", "python");
    const pip = await timed("pip install", () =>
      runAsync(
        path.join(tools.bin, "python"),
        [
          "-m",
          "pip",
          "--python",
          python,
          "install",
          "--quiet",
          "--disable-pip-version-check",
          // Python compiles a module when it first imports it; compiling every file now is most of the install's time.
          "--no-compile",
          "--index-url",
          index!.url,
          `pulumi-pipestack==${released.version}`,
        ],
        { env: { HOME: home } },
      ),
    );
    expect(pip.code, pip.stdout + pip.stderr).toBe(0);
    // The Python program of native-python.test.ts, without the plugin folder its project names.
    const program = path.join(tmp, "program");
    fs.cpSync(path.join(repoRoot, "test", "e2e", "programs", "native-python"), program, { recursive: true });
    const project = fs.readFileSync(path.join(program, "Pulumi.yaml"), "utf8");
    fs.writeFileSync(path.join(program, "Pulumi.yaml"), project.slice(0, project.indexOf("plugins:")));
    const host = standInPythonHost(path.join(tmp, "python-host"), python);
    s = await E2EStack.open({
      program,
      stackServer: true,
      // A current server, as native-python.test.ts runs this program on: its tiles' config form is a current server's.
      emulator: { stackApiVersion: "2.36.0" },
      secretConfig: { kafkaPassword: PASSWORD },
      env: { PATH: [await pulumiBin(), host, noNode].join(path.delimiter), PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: downloadOverride() },
    });
  }, 900_000);
  afterAll(async () => {
    console.log(`plugin-executable: python seconds ${JSON.stringify(seconds)}`);
    await index?.close();
    await s?.close();
  });

  it("has no node on the CLI's PATH", async () => {
    const dirs = [await pulumiBin(), noNode];
    expect(dirs.filter((d) => fs.existsSync(path.join(d, "node")))).toEqual([]);
  });

  it("got the SDK and everything it requires by name from the index, at the package's version", async () => {
    const python = path.join(tmp, "venv", "bin", "python");
    const got = await run(python, ["-c", "import importlib.metadata as m, pulumi_pipestack; print(m.version('pulumi-pipestack'), pulumi_pipestack.__file__)"], {
      home: tmp,
    });
    expect(got.code, got.stderr).toBe(0);
    const [version, file] = got.stdout.trim().split(" ");
    expect(version).toBe(released.version);
    expect(file.startsWith(path.join(tmp, "venv"))).toBe(true);
  });

  it("gets the plugin from the release location on its first preview, then creates, previews no change and destroys", async () => {
    const plugins = path.join(s.tmp, "home", "plugins");
    expect(fs.existsSync(path.join(plugins, `resource-pipestack-v${released.version}`))).toBe(false);
    const asked = requested.length;
    await s.must(["preview"]);
    expectDownloaded(path.join(s.tmp, "home"), asked);

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

/** `go <args>` in `cwd`; fails with what it printed. */
async function go(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  const r = await runAsync("go", args, { cwd, env });
  if (r.code !== 0) throw new Error(`go ${args.join(" ")} failed\n${r.stdout}${r.stderr}`);
}

/**
 * Where `go get` found a module version before: the module cache keeps a version's files for good,
 * and the test's module changes with the schema under the same version. Forgotten first, so the
 * proxy's is the one fetched.
 */
async function forgetGoModule(modulePath: string, version: string): Promise<void> {
  const cache = (await runProcess("go", ["env", "GOMODCACHE"])).stdout.trim();
  const escaped = escapeModulePath(modulePath);
  const kept = [
    path.join(cache, `${escaped}@${version}`),
    ...["info", "mod", "zip", "ziphash", "lock"].map((x) => path.join(cache, "cache", "download", escaped, "@v", `${version}.${x}`)),
  ];
  for (const p of kept.filter((k) => fs.existsSync(k))) {
    // The module cache makes its files read-only.
    await runProcess("chmod", ["-R", "u+w", p]);
    fs.rmSync(p, { recursive: true, force: true });
  }
}

describe("a Go program, its SDK fetched by `go get` through a module proxy, with no plugin installed and no node on PATH", () => {
  const PASSWORD = "exe-go-kafka-pw-5d20b7";
  let s: AutomationStack;
  let program: StepCommand;
  let modulePath: string;
  const seconds: Record<string, number> = {};

  beforeAll(async () => {
    const sdks = await builtSdks();
    let t = Date.now();
    const version = `v${released.version}`;
    const proxy = path.join(tmp, "goproxy");
    modulePath = await publishGoModule(proxy, sdks.go.dir, version);
    await forgetGoModule(modulePath, version);
    const src = path.join(tmp, "go-program");
    fs.cpSync(path.join(repoRoot, "test", "e2e", "go"), src, { recursive: true });
    // The module from the file proxy, the rest from the usual one (or Go's module cache); the
    // checksum database is asked about every module but this one, which it has never seen. The go
    // command's index of module-cache packages (in its build cache, kept past forgetGoModule) would
    // list the files of the version it indexed first: goindex=0 reads the folder as it is.
    const env = {
      GOPROXY: `file://${proxy},${process.env.GOPROXY || "https://proxy.golang.org,direct"}`,
      GONOSUMDB: modulePath,
      GOFLAGS: "-mod=mod",
      GODEBUG: "goindex=0",
    };
    await go(["get", `${modulePath}@${version}`], src, env);
    seconds["go get"] = (Date.now() - t) / 1000;
    t = Date.now();
    const bin = path.join(tmp, "go-automation");
    await go(["build", "-o", bin, "."], src, env);
    seconds["go build"] = (Date.now() - t) / 1000;
    program = { argv: [bin], env: { PATH: [await pulumiBin(), noNode].join(path.delimiter), PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: downloadOverride() } };
    s = await AutomationStack.open({ kafkaPassword: PASSWORD }, { plugin: false });
  }, 900_000);
  afterAll(async () => {
    console.log(`plugin-executable: go seconds ${JSON.stringify({ ...seconds, ...s?.seconds })}`);
    await s?.close();
  });

  it("requires the module at its import path and version, with no replace", () => {
    const mod = fs.readFileSync(path.join(tmp, "go-program", "go.mod"), "utf8");
    expect(mod).toContain(`${modulePath} v${released.version}`);
    expect(mod).not.toMatch(/^\s*replace\b/m);
    expect(modulePath).toBe("github.com/pipestack/pulumi-pipestack/sdk/go");
  });

  it("gets the plugin on its first `up`, then previews the change field by field and destroys", async () => {
    expect(fs.existsSync(path.join(s.tmp, "home", "plugins", `resource-pipestack-v${released.version}`))).toBe(false);
    const asked = requested.length;
    const up = await s.step(program, ["up"]);
    expectDownloaded(path.join(s.tmp, "home"), asked);
    expect(up.summary).toEqual({ create: 4 });
    const [pipe] = storedPipes(s.emulator);
    expect(pipe).toMatchObject({ name: "go-events", source: { topics: "events", authentication: "PLAIN" }, scaling: { replicas: 1 } });

    s.setConfig("replicas", "2");
    const preview = await s.step(program, ["preview"]);
    const changed = (preview.steps ?? []).filter((st) => st.op !== "same");
    expect(changed.map((st) => [st.urn.split("::").pop(), st.op, st.detailedDiff])).toEqual([
      ["events", "update", { "scaling.replicas": { kind: "update", inputDiff: false } }],
    ]);
    expect(storedPipes(s.emulator)[0].scaling).toEqual({ replicas: 1 });

    const destroyed = await s.step(program, ["destroy"]);
    expect(destroyed.summary).toEqual({ delete: 4 });
    expect(storedObjects(s.emulator)).toBe(0);
    for (const { secret, forms } of s.secretForms()) {
      for (const [where, text] of Object.entries(s.texts())) {
        const found = forms.find((f) => text.includes(f));
        expect(found, `${where} holds ${secret.slice(0, 4)}… as ${JSON.stringify(found)}`).toBeUndefined();
      }
    }
  }, 600_000);
});

/** `bash -e -c <script>` in `cwd` with exactly `env` (nothing of this process's environment). */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/bash", ["-e", "-c", script], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out }));
  });
}

describe("a YAML program made with only the commands docs/sdks.md gives, from an empty PULUMI_HOME with no node on PATH", () => {
  const PASSWORD = "exe-yaml-kafka-pw-4a91d2";
  const page = () => fs.readFileSync(path.join(repoRoot, "docs", "sdks.md"), "utf8");
  let emulator: Emulator;
  let env: NodeJS.ProcessEnv;
  let work: string;
  let home: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ stepMs: 20 });
    work = path.join(tmp, "yaml-team");
    home = path.join(work, ".pulumi-home");
    fs.mkdirSync(path.join(work, "backend"), { recursive: true });
    // The commands the page's block runs besides `pulumi`, alone in a folder: no node beside them.
    const tools = path.join(tmp, "yaml-tools");
    fs.mkdirSync(tools);
    for (const t of ["mkdir", "cat"]) fs.symlinkSync((await runProcess("bash", ["-c", `command -v ${t}`])).stdout.trim(), path.join(tools, t));
    const o = emulator.options;
    env = {
      PATH: [await pulumiBin(), await yamlHost(), tools, noNode].join(path.delimiter),
      HOME: work,
      // A machine logged in to a backend, as `pulumi stack init` needs; the release location sent to the stand-in.
      PULUMI_HOME: home,
      PULUMI_BACKEND_URL: `file://${path.join(work, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_SKIP_CONFIRMATIONS: "true",
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: downloadOverride(),
      NO_COLOR: "1",
      // The settings as PIPESTACK_* variables, which every language takes as it takes stack config.
      PIPESTACK_API_URL: emulator.url,
      PIPESTACK_KEY_ID: o.keyId,
      PIPESTACK_KEY_SECRET: o.keySecret,
      PIPESTACK_ORGANIZATION_ID: o.organizationId,
      PIPESTACK_SERVICE_ID: o.serviceId,
      PIPESTACK_POLL_INTERVAL_MS: "20",
    };
  }, 600_000);
  afterAll(async () => {
    await emulator?.close();
  });

  it("names this release's plugin: its version and its release location", () => {
    const commands = commandsOf(sectionOf(page(), "## From an empty folder to `pulumi up`", "### YAML"), { kafkaPassword: PASSWORD });
    expect(commands).toMatch(new RegExp(`^version: ${released.version.replace(/\./g, "\\.")}$`, "m"));
    expect(commands.split("\n")).toContain(`downloadUrl: ${releaseLocation(REPOSITORY, released.version)}`);
  });

  it("runs them: the first preview of `up` gets the plugin from the release location, and the pipe is made", async () => {
    const commands = commandsOf(sectionOf(page(), "## From an empty folder to `pulumi up`", "### YAML"), { kafkaPassword: PASSWORD });
    expect(fs.existsSync(home)).toBe(false);
    const asked = requested.length;
    const ran = await bash(commands, work, env);
    expect(ran.code, ran.out).toBe(0);
    expectDownloaded(home, asked);
    const pipes = storedPipes(emulator);
    expect(pipes).toHaveLength(1);
    expect(pipes[0]).toMatchObject({ source: { topics: "events", authentication: "PLAIN" } });

    // The test's own checks, not the page's: nothing to change, no secret in state, and gone after destroy.
    const project = path.join(work, "pipes");
    const again = await bash("pulumi preview --expect-no-changes --non-interactive", project, env);
    expect(again.code, again.out).toBe(0);
    const exported = await bash("pulumi stack export", project, env);
    expect(exported.code, exported.out).toBe(0);
    expect(exported.out).not.toContain(PASSWORD);
    expect(exported.out).not.toContain(emulator.options.keySecret);
    const destroyed = await bash("pulumi destroy --yes --non-interactive", project, env);
    expect(destroyed.code, destroyed.out).toBe(0);
    expect(storedObjects(emulator)).toBe(0);
  }, 600_000);

  it("or installs the plugin before with the page's `pulumi plugin install` line", async () => {
    const section = sectionOf(page(), "## Each language: install, configure, what its host needs", "### YAML");
    const install = commandsOf(section, {});
    expect(install.trim().split("\n")).toHaveLength(1);
    const other = path.join(tmp, "yaml-install-home");
    const asked = requested.length;
    const ran = await bash(install, work, { ...env, PULUMI_HOME: other });
    expect(ran.code, ran.out).toBe(0);
    expectDownloaded(other, asked);
  }, 300_000);
});
