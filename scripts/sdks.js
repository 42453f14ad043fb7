#!/usr/bin/env node
// `npm run sdks`: the native provider's SDKs in each language's own package form, generated from
// the package schema the plugin serves by Pulumi's own generators (scripts/schema-tool, needs Go):
//
//   npm run sdks                                  # python, go, nodejs into sdk/
//   npm run sdks -- --out DIR --language python,go
//
//   sdk/python/   the generated package; dist/pulumi_pipestack-<v>-py3-none-any.whl and .tar.gz
//   sdk/go/       a Go module (go.mod, go.sum) whose package is .../sdk/go/pipestack
//   sdk/nodejs/   an npm-packable folder (built bin/, package.json), and its `npm pack` tarball
//   sdk/java/     (--language java) a Maven project (pom.xml) of our own generator's classes, and its jar
//
// Every SDK carries the package's version (package.json), so the engine asks for this plugin.
// .NET: Pulumi's C# generator is not in pkg/v3 and no .NET toolchain installs on the build
// machines, so `--language dotnet` says so and makes nothing. Java: Pulumi's Java generator cannot be
// fetched on the build machines either, so scripts/java-sdk.js writes the classes in the same shapes;
// Maven builds them (Maven Central, or a mirror, reachable once; ~/.m2 keeps what it fetched).
// PIPESTACK_MAVEN_ARGS adds arguments to every Maven run (`-o`, `-s settings.xml`).
//
// The contract, for tests (test/e2e/sdks.test.ts, the Automation API tests of Python and Go):
//
//   const { buildSdks } = require("./scripts/sdks");
//   const built = await buildSdks({ out, languages: ["python", "go"], reuse?, log? });
//   // in a test: `await builtSdks()` of test/e2e/sdks-build.ts, the run's shared build (a test of
//   // other languages or folders builds its own with `buildSdksInto`)
//   built.version                   // "0.1.0": package.json's, in every SDK
//   built.schema                    // <out>/schema.json, the schema the SDKs were made from
//   built.python.dir                // <out>/python, the generated package (pip install <dir> works too)
//   built.python.wheel              // <out>/python/dist/pulumi_pipestack-<v>-py3-none-any.whl
//   built.python.sdist              // <out>/python/dist/pulumi_pipestack-<v>.tar.gz
//   built.python.packageName        // "pulumi_pipestack" (the import name)
//   built.go.dir                    // <out>/go, the module root (go.mod)
//   built.go.modulePath             // "github.com/pipestack/pulumi-pipestack/sdk/go"
//   built.go.importPath             // "github.com/pipestack/pulumi-pipestack/sdk/go/pipestack"
//   built.nodejs.dir                // <out>/nodejs/bin: the built package, `npm pack` takes it
//   built.nodejs.packageName        // "@pipestack/pulumi-native"
//   built.nodejs.tarball            // <out>/nodejs/pipestack-pulumi-native-<v>.tgz
//   built.java.dir                  // <out>/java, the Maven project (pom.xml, src/main/java)
//   built.java.jar                  // <out>/java/target/pipestack-<v>.jar
//   built.java.classpath            // the jar and its runtime dependencies (from ~/.m2): `java -cp`
//   built.java.packageName          // "com.pipestack.pipestack"; .groupId "com.pipestack", .artifactId "pipestack"
//   built.seconds                   // { schema, python, go, nodejs, java }: what each step took
//   built.languages                 // the languages built, in order
//
// A Go program uses the module with `go mod edit -replace <modulePath>=<dir>` (enum fields take the
// enum's type: `pipestack.PipeSourceKafkaFormat("JSONEachRow")`; list elements are singular:
// `pipestack.PipeFieldMappingArray{pipestack.PipeFieldMappingArgs{...}}`); a Python program
// `pip install <wheel>` into a venv holding the `pulumi` package. With `reuse: true`, a folder that
// already holds a build of the same schema and languages is returned as is (one build per test run).
"use strict";
const { spawn } = require("node:child_process");
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const { buildJava } = require("./java/maven");

const LANGUAGES = ["python", "go", "nodejs", "java", "dotnet"];
const DEFAULT_LANGUAGES = ["python", "go", "nodejs"];
const GENERATED_BY_PULUMI = ["python", "go", "nodejs"];
const NO_DOTNET =
  "dotnet: skipped. Pulumi's C# generator is not part of pkg/v3 (it lives with the .NET language host) and no .NET toolchain installs on this machine (none in Debian's archive, NuGet not reachable).";

/**
 * Runs a command to its end, without blocking (a test's worker keeps answering meanwhile); rejects
 * with what it printed when it fails. Resolves to its stdout.
 */
function sh(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const { input, ...rest } = opts;
    const stdio = [input === undefined ? "ignore" : "pipe", "pipe", opts.stderr ?? "pipe"];
    const child = spawn(cmd, args, { ...rest, stdio, env: { ...process.env, ...opts.env } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
    child.stderr?.setEncoding("utf8").on("data", (d) => (stderr += d));
    child.on("error", (err) => reject(new Error(`sdks: ${cmd} could not run: ${err.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`sdks: ${[cmd, ...args].join(" ")} failed (exit ${code})\n${stdout}${stderr}`));
    });
    if (child.stdin) {
      child.stdin.on("error", () => undefined); // a child that exits without reading: its exit code says why
      child.stdin.end(input);
    }
  });
}

/** The last line a scripts/ensure-*.sh printed: the path it made ready. */
const ensured = async (script) => (await sh("bash", [path.join(__dirname, script)], { stderr: "inherit" })).trim().split("\n").pop();

/** The folder of the Pulumi CLI: PIPESTACK_PULUMI_BIN, else what scripts/ensure-pulumi.sh finds or builds. */
const pulumiBin = async () => process.env.PIPESTACK_PULUMI_BIN || (await ensured("ensure-pulumi.sh"));

/** The Python with setuptools and wheel to build the wheel and sdist (the tests' cached environment). */
const pythonBin = async () => path.join(process.env.PIPESTACK_PULUMI_PYTHON_BIN || (await ensured("ensure-pulumi-python.sh")), "python");

/** Seconds since `started`, to one decimal. */
const since = (started) => Math.round((Date.now() - started) / 100) / 10;

/** The package schema as the engine gets it from this package's plugin. */
async function schemaOf(pulumi) {
  const plugin = path.join(root, "bin", "pulumi-resource-pipestack");
  return sh(path.join(pulumi, "pulumi"), ["package", "get-schema", plugin], { env: { PULUMI_SKIP_UPDATE_CHECK: "true" } });
}

/** Pulumi's generator of `language` run on the schema into `dir` (emptied first). */
async function generate(tool, language, schemaText, dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  await sh(tool, ["gen", language, dir], { input: schemaText });
}

/** Python: the generated package, then its sdist and wheel by setuptools' own build backend (PEP 517). */
async function python(tool, schemaText, schema, dir) {
  await generate(tool, "python", schemaText, dir);
  // pyproject.toml names README.md beside it as the long description, which the generator writes
  // into the package folder only: without the copy (as bridged providers' builds make it), the
  // index page is empty and `twine check` refuses the upload.
  const packageName = schema.language.python.packageName;
  if (!fs.existsSync(path.join(dir, "README.md"))) fs.copyFileSync(path.join(dir, packageName, "README.md"), path.join(dir, "README.md"));
  const dist = path.join(dir, "dist");
  // What `python -m build --no-isolation` does, without needing that package.
  const built = await sh(
    await pythonBin(),
    ["-c", "import json, setuptools.build_meta as b; s = b.build_sdist('dist'); w = b.build_wheel('dist'); print(json.dumps([s, w]))"],
    { cwd: dir },
  );
  const [sdist, wheel] = JSON.parse(built.trim().split("\n").pop());
  for (const scratch of ["build", `${packageName}.egg-info`]) fs.rmSync(path.join(dir, scratch), { recursive: true, force: true });
  return { dir, wheel: path.join(dist, wheel), sdist: path.join(dist, sdist), packageName };
}

/** Go: the generated module, required at the Pulumi SDK of the CLI's version, tidied (go.sum) and built. */
async function go(tool, schemaText, schema, dir, pulumiVersion) {
  await generate(tool, "go", schemaText, dir);
  // The checksum database is not reachable from every machine; the module proxy is.
  const env = { GOFLAGS: "-mod=mod", GOSUMDB: process.env.GOSUMDB || "off" };
  await sh("go", ["mod", "edit", `-require=github.com/pulumi/pulumi/sdk/v3@v${pulumiVersion}`], { cwd: dir, env });
  await sh("go", ["mod", "tidy"], { cwd: dir, env });
  await sh("go", ["build", "./..."], { cwd: dir, env });
  const importPath = schema.language.go.importBasePath;
  return { dir, modulePath: path.posix.dirname(importPath), importPath };
}

/** TypeScript: the generated sources compiled (with this checkout's TypeScript and @pulumi/pulumi) into bin/, packed. */
async function nodejs(tool, schemaText, schema, dir) {
  await generate(tool, "nodejs", schemaText, dir);
  const modules = path.join(dir, "node_modules");
  fs.symlinkSync(path.join(root, "node_modules"), modules, "dir");
  try {
    await sh(process.execPath, [require.resolve("typescript/bin/tsc", { paths: [root] }), "-p", dir]);
  } finally {
    fs.rmSync(modules, { force: true });
  }
  const bin = path.join(dir, "bin");
  for (const f of ["package.json", "README.md"]) fs.copyFileSync(path.join(dir, f), path.join(bin, f));
  const packed = JSON.parse(await sh("npm", ["pack", "--json", "--pack-destination", dir], { cwd: bin }));
  return { dir: bin, packageName: schema.language.nodejs.packageName, tarball: path.join(dir, packed[0].filename) };
}

/** The files a build made, to know that a kept one is still whole. */
const madeFiles = (built) =>
  [
    built.schema,
    built.python?.wheel,
    built.python?.sdist,
    built.go && path.join(built.go.dir, "go.sum"),
    built.nodejs?.tarball,
    ...(built.java?.classpath ?? []),
  ].filter(Boolean);

/** True while the process `pid` runs. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

/** Waits for and takes a lock folder beside `out` (with the holder's pid: a dead holder's lock is taken over); returns its release. */
async function lock(out) {
  const dir = `${out}.lock`;
  const owner = path.join(dir, "pid");
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (const started = Date.now(); ;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(owner, String(process.pid));
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      let holder;
      try {
        holder = Number(fs.readFileSync(owner, "utf8"));
      } catch {
        holder = undefined; // between its mkdir and its write, or left by a killed run
      }
      const stale = holder ? !alive(holder) : Date.now() - fs.statSync(dir).mtimeMs > 10_000;
      if (stale) fs.rmSync(dir, { recursive: true, force: true });
      else if (Date.now() - started > 30 * 60_000) throw new Error(`sdks: ${dir} is held by process ${holder}`);
      else await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** See the contract at the top of this file. */
async function buildSdks({ out = path.join(root, "sdk"), languages = DEFAULT_LANGUAGES, reuse = false, log = console.error } = {}) {
  out = path.resolve(out);
  const unknown = languages.filter((l) => !LANGUAGES.includes(l));
  if (unknown.length) throw new Error(`sdks: no SDK for ${unknown.join(", ")} (one of ${LANGUAGES.join(", ")})`);
  const release = await lock(out);
  try {
    const seconds = {};
    let started = Date.now();
    const pulumi = await pulumiBin();
    const schemaText = await schemaOf(pulumi);
    const schema = JSON.parse(schemaText);
    // An SDK without the version makes the engine look for plugin v0.0.0 on the public plugin site.
    if (!schema.version || schema.version === "0.0.0")
      throw new Error(`sdks: the plugin's schema has no version (${schema.version ?? "none"}): is package.json beside dist/?`);
    // Pulumi's generators, for the languages they write (Java's is ours: no Go needed for it alone).
    const tool = languages.some((l) => GENERATED_BY_PULUMI.includes(l)) ? await ensured("ensure-schema-tool.sh") : "";
    // The same schema, languages, generators (the tool's path holds its source's hash) and this file: the same SDKs.
    // Java's generator is this checkout's own code: its files are part of the key when it is asked for.
    const javaFiles = () => [path.join(__dirname, "java-sdk.js"), ...fs.readdirSync(path.join(__dirname, "java")).map((f) => path.join(__dirname, "java", f))];
    const generators = [__filename, ...(languages.includes("java") ? javaFiles() : [])];
    const hash = crypto.createHash("sha256").update(schemaText).update(JSON.stringify(languages)).update(tool);
    for (const file of generators) hash.update(fs.readFileSync(file));
    const key = hash.digest("hex");
    const manifest = path.join(out, "sdks.json");
    if (reuse && fs.existsSync(manifest)) {
      const previous = JSON.parse(fs.readFileSync(manifest, "utf8"));
      if (previous.key === key && madeFiles(previous.built).every((f) => fs.existsSync(f))) return previous.built;
    }
    fs.mkdirSync(out, { recursive: true });
    const schemaFile = path.join(out, "schema.json");
    fs.writeFileSync(schemaFile, schemaText);
    seconds.schema = since(started);
    const built = { version: schema.version, schema: schemaFile, languages: [], seconds };
    const pulumiVersion = (await sh(path.join(pulumi, "pulumi"), ["version"], { env: { PULUMI_SKIP_UPDATE_CHECK: "true" } })).trim().replace(/^v/, "");
    for (const language of languages) {
      if (language === "dotnet") {
        log(`sdks: ${NO_DOTNET}`);
        continue;
      }
      started = Date.now();
      const dir = path.join(out, language);
      if (language === "python") built.python = await python(tool, schemaText, schema, dir);
      else if (language === "go") built.go = await go(tool, schemaText, schema, dir, pulumiVersion);
      else if (language === "java") built.java = await buildJava(schema, dir, { mavenArgs: mavenArgs() });
      else built.nodejs = await nodejs(tool, schemaText, schema, dir);
      seconds[language] = since(started);
      built.languages.push(language);
      log(`sdks: ${language} ${schema.version} in ${seconds[language]} s -> ${path.relative(process.cwd(), dir) || "."}`);
    }
    fs.writeFileSync(manifest, JSON.stringify({ key, built }, null, 1) + "\n");
    return built;
  } finally {
    release();
  }
}

/** PIPESTACK_MAVEN_ARGS, split at spaces. */
const mavenArgs = () => (process.env.PIPESTACK_MAVEN_ARGS ?? "").split(" ").filter(Boolean);

/** `--out DIR --language a,b` as options. */
function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === "--out") opts.out = value();
    else if (flag === "--language" || flag === "--languages")
      opts.languages = value()
        .split(",")
        .map((l) => l.trim())
        .filter(Boolean);
    else throw new Error(`sdks: unknown argument ${argv[i]} (usage: npm run sdks -- [--out DIR] [--language ${LANGUAGES.join(",")}])`);
  }
  return opts;
}

module.exports = { buildSdks, LANGUAGES, DEFAULT_LANGUAGES };

if (require.main === module) {
  const started = Date.now();
  buildSdks(parseArgs(process.argv.slice(2))).then(
    (built) => {
      const each = built.languages.map((l) => `${l} ${built.seconds[l]} s`).join(", ");
      console.log(`sdks: v${built.version}: schema ${built.seconds.schema} s, ${each}; ${since(started)} s in all`);
      if (built.python)
        console.log(`  python  ${path.relative(process.cwd(), built.python.wheel)}\n          ${path.relative(process.cwd(), built.python.sdist)}`);
      if (built.go) console.log(`  go      ${built.go.importPath} in ${path.relative(process.cwd(), built.go.dir)}`);
      if (built.nodejs) console.log(`  nodejs  ${path.relative(process.cwd(), built.nodejs.tarball)}`);
      if (built.java)
        console.log(`  java    ${built.java.groupId}:${built.java.artifactId}:${built.java.version} ${path.relative(process.cwd(), built.java.jar)}`);
    },
    (err) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
