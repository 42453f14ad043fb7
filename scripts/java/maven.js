// The Java SDK built as a Maven project: the generated sources written into a folder, `mvn package`
// (quiet) making the jar, and the runtime classpath of its dependencies written beside it, so a
// program compiles and runs against the jar with `javac`/`java -cp` alone. Maven's local
// repository (~/.m2 unless the caller's settings say otherwise) keeps what it fetched.
"use strict";
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { javaSdkFiles } = require("../java-sdk");

/** What Maven prints when it cannot fetch from its repository: the error then names the repository, not a build failure. */
const UNREACHABLE =
  /Could not (?:transfer|resolve|find artifact)|could not be resolved|Cannot access .* in offline mode|UnknownHostException|Connection refused|Network is unreachable|timed out/;

/** Runs Maven quietly in `cwd`; rejects with its last lines, and what to check when it could not reach its repository. */
function mvn(args, cwd, extraArgs) {
  const argv = ["-q", "-B", ...extraArgs, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn("mvn", argv, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let printed = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (printed += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (printed += d));
    child.on("error", (err) =>
      reject(new Error(`sdks: java: mvn could not run (${err.message}); the Java SDK needs Maven 3.8 or later and a JDK 11 or later`)),
    );
    child.on("close", (code) => {
      if (code === 0) return resolve(printed);
      // eslint-disable-next-line no-control-regex -- Maven colours its output even with -B on some terminals
      const plain = printed.replace(/\x1b\[[0-9;]*m/g, "");
      const tail = plain.trim().split("\n").slice(-15).join("\n");
      const reason = UNREACHABLE.test(plain)
        ? "Maven could not fetch the SDK's dependencies (com.pulumi:pulumi and Maven's own plugins): is Maven Central, or the mirror in ~/.m2/settings.xml, reachable from here? What Maven fetched once stays in ~/.m2/repository."
        : "the build failed";
      reject(new Error(`sdks: java: mvn ${argv.join(" ")} failed (exit ${code}): ${reason}\n${tail}`));
    });
  });
}

/**
 * Writes the Java SDK of `schema` into `dir` (emptied first) and builds it. `mavenArgs`: more
 * arguments for every Maven run (`-o`, `-s settings.xml`, `-Dmaven.repo.local=...`).
 */
async function buildJava(schema, dir, { mavenArgs = [] } = {}) {
  const { files, coordinates } = javaSdkFiles(schema);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  await mvn(["-DskipTests", "package"], dir, mavenArgs);
  const listed = path.join(dir, "target", "classpath.txt");
  await mvn(["dependency:build-classpath", `-Dmdep.outputFile=${listed}`, "-Dmdep.includeScope=runtime"], dir, mavenArgs);
  const jar = path.join(dir, "target", `${coordinates.artifactId}-${coordinates.version}.jar`);
  if (!fs.existsSync(jar)) throw new Error(`sdks: java: Maven made no ${path.relative(dir, jar)}`);
  const dependencies = fs.readFileSync(listed, "utf8").trim().split(path.delimiter).filter(Boolean);
  return { dir, jar, classpath: [jar, ...dependencies], ...coordinates };
}

module.exports = { buildJava, mvn, UNREACHABLE };
