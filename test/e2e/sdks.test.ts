/**
 * `npm run sdks` (scripts/sdks.js): the native provider's SDKs in each language's own package
 * form, built once for the run (test/e2e/sdks-build.ts) and taken as a team of that language
 * would: the Python wheel and sdist pip-installed into fresh environments, the Go module required
 * by a Go program run under Pulumi's mocks, the npm tarball installed by `npm install <tarball>` and
 * required. Every one carries the package's version, so the engine asks for this plugin (never
 * v0.0.0).
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { releaseLocation } from "../../provider/native/download-url";
import { REPOSITORY } from "../../provider/native/docs-url";
import { registry } from "../../provider/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { repoRoot } from "./harness";
import { run, type Ran } from "./package-schema";
import { pythonEnv } from "./python-env";
import { buildSdksInto, builtSdks, type BuiltSdks } from "./sdks-build";

const FIXTURES = path.join(repoRoot, "test", "e2e", "sdks");
const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
const pulumiVersion = (JSON.parse(fs.readFileSync(path.join(repoRoot, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")) as { version: string })
  .version;

let built: BuiltSdks;
let tmp: string;
const seconds: Record<string, number> = {};

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-sdks-test-"));
  const started = Date.now();
  built = await builtSdks();
  seconds.build = (Date.now() - started) / 1000;
}, 900_000);
afterAll(() => {
  console.log(`sdks: seconds ${JSON.stringify({ ...seconds, made: built?.seconds })}`);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const home = () => path.join(tmp, "home");

/** A command run to its end without blocking the worker. */
function runAsync(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(cmd, args, { ...opts, encoding: "utf8", maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * A fresh Python environment (no pip of its own, nothing installed) that sees the cached
 * environment's packages (the `pulumi` package of the checkout's version) through a .pth file,
 * as a team's environment would have them from PyPI; the SDK is installed into it with that pip.
 */
async function freshPython(name: string): Promise<string> {
  const venv = path.join(tmp, name);
  const made = await run("python3", ["-m", "venv", "--without-pip", venv], { home: home() });
  if (made.code !== 0) throw new Error(`python3 -m venv failed\n${made.stderr}`);
  const python = path.join(venv, "bin", "python");
  const purelib = async (py: string) => (await run(py, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], { home: home() })).stdout.trim();
  fs.writeFileSync(path.join(await purelib(python), "pulumi-env.pth"), (await purelib(path.join(await pythonEnv(), "python"))) + "\n");
  return python;
}

/** pip run without blocking the worker: an install takes most of a minute on a busy machine, and a blocked worker misses vitest's calls. */
async function pipInstall(python: string, what: string): Promise<void> {
  const env = { ...process.env, PULUMI_HOME: home(), PULUMI_SKIP_UPDATE_CHECK: "true" };
  const pip = await runAsync(
    path.join(await pythonEnv(), "python"),
    ["-m", "pip", "--python", python, "install", "--quiet", "--disable-pip-version-check", "--no-index", "--no-build-isolation", what],
    { cwd: tmp, env },
  );
  expect(pip.stdout + pip.stderr, pip.stderr).not.toMatch(/error/i);
  expect(pip.code).toBe(0);
  const check = await runAsync(path.join(await pythonEnv(), "python"), ["-m", "pip", "--python", python, "check"], { cwd: tmp, env });
  expect(check.stdout + check.stderr).toBe("No broken requirements found.\n");
}

async function selfReport(python: string): Promise<unknown> {
  const r = await run(python, [path.join(FIXTURES, "check_python_sdk.py")], { home: home() });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout);
}

const pythonSays = () => ({
  distribution: version,
  resourceVersion: version,
  plugin: { resource: true, name: "pipestack", version, server: releaseLocation(REPOSITORY, version) },
  kafkaJsonFormat: "JSONEachRow",
  fieldMappingArgs: true,
});

describe("the Python SDK", () => {
  it("is a wheel and an sdist of the package's version", () => {
    expect(path.basename(built.python.wheel)).toBe(`pulumi_pipestack-${version}-py3-none-any.whl`);
    expect(path.basename(built.python.sdist)).toBe(`pulumi_pipestack-${version}.tar.gz`);
    expect(built.python.packageName).toBe("pulumi_pipestack");
  });

  it("installs from the wheel into a fresh environment; the package says its version and asks the engine for that plugin", async () => {
    const python = await freshPython("wheel-venv");
    await pipInstall(python, built.python.wheel);
    expect(await selfReport(python)).toEqual(pythonSays());
  });

  it("installs from the sdist the same", async () => {
    const python = await freshPython("sdist-venv");
    await pipInstall(python, built.python.sdist);
    expect(await selfReport(python)).toEqual(pythonSays());
  });
});

describe("the Go SDK", () => {
  it("is a module at its import path, requiring the Pulumi SDK of the CLI's version", () => {
    expect(built.go).toMatchObject({
      modulePath: "github.com/pipestack/pulumi-pipestack/sdk/go",
      importPath: "github.com/pipestack/pulumi-pipestack/sdk/go/pipestack",
    });
    const mod = fs.readFileSync(path.join(built.go.dir, "go.mod"), "utf8");
    expect(mod).toContain(`module ${built.go.modulePath}\n`);
    expect(mod).toContain(`github.com/pulumi/pulumi/sdk/v3 v${pulumiVersion}`);
    expect(JSON.parse(fs.readFileSync(path.join(built.go.dir, "pipestack", "pulumi-plugin.json"), "utf8"))).toEqual({
      resource: true,
      name: "pipestack",
      version,
      // Where the engine downloads the plugin when none is installed: the release (test/e2e/plugin-executable.test.ts).
      server: releaseLocation(REPOSITORY, version),
    });
  });

  it("builds a program whose resources ask the engine for the package's plugin version (Pulumi's mocks)", async () => {
    const dir = path.join(tmp, "go-consumer");
    fs.mkdirSync(dir);
    fs.copyFileSync(path.join(FIXTURES, "consumer_test.go"), path.join(dir, "consumer_test.go"));
    const go = async (...args: string[]) => {
      const started = Date.now();
      const r = await runAsync("go", args, { cwd: dir, env: { ...process.env, GOFLAGS: "-mod=mod", GOSUMDB: "off", WANT_VERSION: version } });
      seconds[`go ${args[0]}`] = (Date.now() - started) / 1000;
      return r;
    };
    expect((await go("mod", "init", "pipestack.test/consumer")).code).toBe(0);
    expect((await go("mod", "edit", `-require=${built.go.modulePath}@v${version}`, `-replace=${built.go.modulePath}=${built.go.dir}`)).code).toBe(0);
    const tidy = await go("mod", "tidy");
    expect(tidy.stderr, tidy.stderr).not.toMatch(/error|cannot/i);
    // Long: `go test` compiles the Pulumi SDK the first time; the worker keeps answering meanwhile.
    const t = await go("test", "-count=1", "./...");
    expect(t.stdout + t.stderr, t.stdout + t.stderr).toMatch(/^ok\s+pipestack\.test\/consumer/m);
    expect(t.code).toBe(0);
  }, 600_000);
});

/**
 * A project folder into which `npm install <tarball>` installed the SDK, as a user installs a
 * release's tarball (once). Its dependency `@pulumi/pulumi` is the checkout's, linked in by an
 * override: the install takes seconds and fetches nothing else.
 */
let nodeProject: string | undefined;
async function installedNodeSdk(): Promise<string> {
  if (nodeProject) return nodeProject;
  const project = path.join(tmp, "ts-project");
  fs.mkdirSync(project, { recursive: true });
  const overrides = { "@pulumi/pulumi": `file:${path.join(repoRoot, "node_modules", "@pulumi", "pulumi")}` };
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "ts-project", version: "1.0.0", private: true, overrides }));
  const npm = await runProcess(
    "npm",
    ["install", "--prefer-offline", "--install-links=false", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", built.nodejs.tarball],
    { cwd: project },
  );
  if (npm.status !== 0) throw new Error(`npm install ${built.nodejs.tarball} failed\n${npm.stdout}${npm.stderr}`);
  return (nodeProject = project);
}

describe("the TypeScript SDK", () => {
  it("is an npm tarball of the package's version that `npm install` takes, and loads", async () => {
    expect(path.basename(built.nodejs.tarball)).toBe(`pipestack-pulumi-native-${version}.tgz`);
    const modules = path.join(await installedNodeSdk(), "node_modules");
    // npm read the package's name from the tarball and recorded the dependency under it.
    const project = JSON.parse(fs.readFileSync(path.join(path.dirname(modules), "package.json"), "utf8")) as { dependencies?: Record<string, string> };
    expect(Object.keys(project.dependencies ?? {})).toEqual([built.nodejs.packageName]);
    const pkg = path.join(modules, ...built.nodejs.packageName.split("/"));
    const manifest = JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "@pipestack/pulumi-native",
      version,
      pulumi: { resource: true, name: "pipestack", version, server: releaseLocation(REPOSITORY, version) },
    });
    expect(fs.existsSync(path.join(pkg, "index.d.ts"))).toBe(true);
    const loaded = await run(
      process.execPath,
      [
        "-e",
        `const p = require("${built.nodejs.packageName}"); const u = require("${built.nodejs.packageName}/utilities"); console.log(JSON.stringify([typeof p.Pipe, u.getVersion(), p.types.enums.PipeSourceKafkaFormat.JSONEachRow]))`,
      ],
      { home: home(), cwd: path.dirname(modules) },
    );
    expect(loaded.stderr).toBe("");
    expect(JSON.parse(loaded.stdout)).toEqual(["function", version, "JSONEachRow"]);
  });
});

/** The code blocks of `language` in each resource's description of the schema the SDKs were made from. */
function examplesIn(language: string): { resource: string; code: string; config: string[] }[] {
  const schema = JSON.parse(fs.readFileSync(built.schema, "utf8")) as { resources: Record<string, { description: string }> };
  return Object.entries(schema.resources).map(([token, r]) => {
    const code = new RegExp("```" + language + "\\n([\\s\\S]*?)\\n```").exec(r.description)?.[1];
    if (!code) throw new Error(`${token} has no ${language} example`);
    const config = [...new Set([...r.description.matchAll(/require(?:Secret|_secret)?\("(\w+)"\)/g)].map((m) => m[1]))];
    return { resource: token.split(":").pop()!, code, config };
  });
}

describe("each resource's example, in every SDK's language", () => {
  it("runs in Python on the installed SDK (Pulumi's mocks), registering its resources", async () => {
    const python = await freshPython("examples-venv");
    await pipInstall(python, built.python.wheel);
    const examples = examplesIn("python");
    expect(examples).toHaveLength(registry.length);
    const r = await run(python, [path.join(FIXTURES, "run_python_examples.py")], { home: home(), input: JSON.stringify(examples) });
    expect(r.stderr, r.stderr).toBe("");
    const registered = JSON.parse(r.stdout) as Record<string, string[]>;
    for (const { resource } of examples) expect(registered[resource], resource).toContain(`pipestack:index:${resource}`);
  });

  it("compiles in Go against the Go module", async () => {
    const dir = path.join(tmp, "go-examples");
    fs.mkdirSync(dir);
    for (const { resource, code } of examplesIn("go")) {
      fs.mkdirSync(path.join(dir, resource));
      fs.writeFileSync(path.join(dir, resource, "main.go"), code + "\n");
    }
    const env = { ...process.env, GOFLAGS: "-mod=mod", GOSUMDB: "off" };
    expect((await runAsync("go", ["mod", "init", "pipestack.test/examples"], { cwd: dir, env })).code).toBe(0);
    expect(
      (
        await runAsync("go", ["mod", "edit", `-require=${built.go.modulePath}@v${version}`, `-replace=${built.go.modulePath}=${built.go.dir}`], {
          cwd: dir,
          env,
        })
      ).code,
    ).toBe(0);
    expect((await runAsync("go", ["mod", "tidy"], { cwd: dir, env })).code).toBe(0);
    const vet = await runAsync("go", ["vet", "./..."], { cwd: dir, env });
    expect(vet.stdout + vet.stderr).toBe("");
    expect(vet.code).toBe(0);
  }, 600_000);

  it("typechecks in TypeScript against the npm package", async () => {
    const project = await installedNodeSdk();
    const files = examplesIn("typescript").map(({ resource, code }) => {
      const file = path.join(project, `${resource}.ts`);
      fs.writeFileSync(file, code + "\nexport {};\n");
      return file;
    });
    const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
    const r = await run(
      process.execPath,
      [
        tsc,
        "--noEmit",
        "--strict",
        "--module",
        "commonjs",
        "--target",
        "es2022",
        "--skipLibCheck",
        "--types",
        "node",
        "--typeRoots",
        path.join(repoRoot, "node_modules", "@types"),
        ...files,
      ],
      {
        home: home(),
        cwd: project,
      },
    );
    expect(r.stdout + r.stderr).toBe("");
    expect(r.code).toBe(0);
  });
});

describe("the schema the SDKs are made from", () => {
  it("is the plugin's, with the package's version and each language's package name", () => {
    const schema = JSON.parse(fs.readFileSync(built.schema, "utf8")) as { version: string; language: Record<string, Record<string, string>> };
    expect(schema.version).toBe(version);
    expect(schema.language.python.packageName).toBe("pulumi_pipestack");
    expect(schema.language.nodejs.packageName).toBe(built.nodejs.packageName);
    expect(schema.language.go.importBasePath).toBe(built.go.importPath);
    expect(schema.language.csharp.rootNamespace).toBe("Pipestack");
  });
});

describe("the command", () => {
  it("takes over the lock a killed build left (its holder's process gone)", async () => {
    const out = path.join(tmp, "after-a-kill");
    const dead = (await runProcess("true", [])).pid;
    fs.mkdirSync(`${out}.lock`, { recursive: true });
    fs.writeFileSync(path.join(`${out}.lock`, "pid"), String(dead));
    const made = await buildSdksInto({ out, languages: [], log: () => undefined });
    expect(made).toMatchObject({ version, languages: [] });
    expect(fs.existsSync(`${out}.lock`)).toBe(false);
  }, 30_000);

  it("says why it makes no .NET SDK, and refuses a language it does not know", async () => {
    const said: string[] = [];
    const none = await buildSdksInto({ out: path.join(tmp, "dotnet"), languages: ["dotnet"], log: (l) => said.push(l) });
    expect(none.languages).toEqual([]);
    expect(said.join("\n")).toMatch(/dotnet: skipped\. .*no \.NET toolchain/);
    await expect(buildSdksInto({ out: path.join(tmp, "cobol"), languages: ["cobol"] })).rejects.toThrow(
      "sdks: no SDK for cobol (one of python, go, nodejs, java, dotnet)",
    );
  });
});
