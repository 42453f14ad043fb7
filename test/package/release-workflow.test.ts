/**
 * The release workflow (.github/workflows/release.yml) builds with the release command itself
 * (`npm run release`), every platform of scripts/release/node-bases.json once and the packages
 * once, and its publishing jobs take their files from the release's own declaration
 * (scripts/release/artifacts.js) instead of naming them: so what is published is what the command
 * wrote. The declaration's names are checked here against the tools that make the files (npm pack)
 * and the schema's package names; the release command checks its folder against it.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPOSITORY } from "../../provider/native/docs-url";
import { GO_MODULE, languages } from "../../provider/native/schema-language";
import { runProcess } from "../support/run-process";
import { readWorkflow, root, type Job, type Step } from "../support/workflows";

interface Artifact {
  name: string;
  to: string[];
}
const load = createRequire(__filename);
const { DESTINATIONS, artifacts, compare, npmTarball } = load("../../scripts/release/artifacts.js") as {
  DESTINATIONS: string[];
  artifacts: (o: { version: string; platforms?: string[]; sdks?: boolean }) => Artifact[];
  compare: (names: string[], expected: Artifact[], allowed?: string[]) => { missing: string[]; unexpected: string[] };
  npmTarball: (name: string, version: string) => string;
};
const { parse } = load("../../scripts/release.js") as {
  parse: (argv: string[]) => { out: string; platforms: string[]; sdks: boolean; assemble: boolean; tag?: string };
};
const { BASES } = load("../../scripts/release/bases.js") as { BASES: { platforms: Record<string, unknown> } };

const version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string; name: string }).version;
const release = readWorkflow("release.yml");
/** The release command's folder, as the workflow names it. */
const folder = path.relative(root, parse(["--dry-run"]).out);
const RELEASE = 'npm run release -- --tag "$GITHUB_REF_NAME"';

const steps = (job: Job): Step[] => job.steps;
const runs = (job: Job): string[] => steps(job).flatMap((s) => (s.run ? [s.run] : []));
const jobsWhere = (f: (job: Job) => boolean) => Object.entries(release.jobs).filter(([, job]) => f(job));

let scratch = "";
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-release-workflow-"));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("the release workflow", () => {
  it("starts on a version tag, the tag the release command accepts", () => {
    expect(release.on).toEqual({ push: { tags: ["v*"] } });
    expect(parse(["--tag", `v${version}`]).tag).toBe(`v${version}`);
    expect(release.permissions).toEqual({ contents: "read" });
  });

  it("builds with the release command: every platform once, the packages once, darwin on macOS to sign it again", () => {
    const [[name, build]] = jobsWhere((job) => runs(job).some((r) => r.startsWith(RELEASE) && !r.includes("--assemble")));
    const include = build.strategy?.matrix.include ?? [];
    expect(include.length, name).toBeGreaterThan(0);
    const command = runs(build).find((r) => r.startsWith(RELEASE)) ?? "";
    const parts = include.map((m) => {
      const line = command.replace("${{ matrix.args }}", m.args).replace('"$GITHUB_REF_NAME"', `v${version}`);
      expect(line).not.toContain("${{");
      return { runner: m.runner, ...parse(line.replace("npm run release -- ", "").split(/\s+/)) };
    });
    const platforms = parts.flatMap((p) => p.platforms);
    expect([...platforms].sort()).toEqual(Object.keys(BASES.platforms).sort());
    expect(parts.filter((p) => p.sdks)).toHaveLength(1);
    for (const p of parts) if (p.platforms.some((x) => x.startsWith("darwin-"))) expect(p.runner).toMatch(/^macos-/);
    expect(build["runs-on"]).toBe("${{ matrix.runner }}");
    const upload = steps(build).find((s) => s.uses?.startsWith("actions/upload-artifact@"));
    expect(upload?.with).toMatchObject({ name: "release-${{ matrix.runner }}", path: `${folder}/`, "if-no-files-found": "error" });
  });

  it("makes the parts one release with the same command (--assemble), which the publishing jobs take", () => {
    const [[assembleName, assemble]] = jobsWhere((job) => runs(job).some((r) => r.startsWith(RELEASE) && r.includes("--assemble")));
    expect(parse(runs(assemble)[0].replace("npm run release -- ", "").replace('"$GITHUB_REF_NAME"', `v${version}`).split(/\s+/)).assemble).toBe(true);
    const download = steps(assemble).find((s) => s.uses?.startsWith("actions/download-artifact@"));
    expect(download?.with).toMatchObject({ pattern: "release-*", path: folder, "merge-multiple": true });
    const publishers = jobsWhere((job) => runs(job).some((r) => r.includes("scripts/release/artifacts.js")));
    expect(publishers.length).toBeGreaterThan(0);
    for (const [, job] of publishers) {
      expect(job.needs).toBe(assembleName);
      expect(steps(job).find((s) => s.uses?.startsWith("actions/download-artifact@"))?.with).toEqual({ name: "release", path: folder });
    }
  });

  it("each destination of the release's declaration is published by a job that asks it for its files", () => {
    for (const destination of DESTINATIONS) {
      const askers = jobsWhere((job) => runs(job).some((r) => r.includes(`node scripts/release/artifacts.js ${destination} ${folder}`)));
      expect(
        askers.map(([n]) => n),
        destination,
      ).toHaveLength(1);
    }
  });

  it("no step names an artifact's file itself", () => {
    const text = JSON.stringify(Object.values(release.jobs).flatMap((job) => steps(job).map((s) => ({ run: s.run, with: s.with }))));
    expect(text.match(/[\w.-]+\.(tgz|whl|tar\.gz)\b/g) ?? []).toEqual([]);
    for (const a of artifacts({ version })) expect(text).not.toContain(a.name);
  });

  it("publishes npm with provenance and the Python index by trusted publishing, each job with the id token and no more", () => {
    const [[, npm]] = jobsWhere((job) => runs(job).some((r) => r.includes("artifacts.js npm")));
    expect(npm.permissions).toEqual({ contents: "read", "id-token": "write" });
    expect(runs(npm).join("\n")).toMatch(/npm publish "\$file" --provenance --access public/);
    const [[, pypi]] = jobsWhere((job) => runs(job).some((r) => r.includes("artifacts.js pypi")));
    expect(pypi.permissions).toEqual({ contents: "read", "id-token": "write" });
    const publish = steps(pypi).find((s) => s.uses?.startsWith("pypa/gh-action-pypi-publish@"));
    // Trusted publishing: no password or token; the folder is the one the step before filled.
    expect(Object.keys(publish?.with ?? {})).toEqual(["packages-dir"]);
    expect(runs(pypi).join("\n")).toContain(`cp "\${files[@]}" ${String(publish?.with?.["packages-dir"])}`);
    for (const [name, job] of jobsWhere((j) => j.permissions?.contents === "write")) expect(job.permissions, name).toEqual({ contents: "write" });
  });

  it("tags the Go module in the folder its path names under the repository", () => {
    const repositoryPath = REPOSITORY.replace(/^https:\/\//, "");
    expect(GO_MODULE.startsWith(`${repositoryPath}/`)).toBe(true);
    const folderOfModule = GO_MODULE.slice(repositoryPath.length + 1);
    expect(folderOfModule).toMatch(/^[\w-]+(\/[\w-]+)*$/);
    // A module at v2 or later needs /vN at the end of its path; the workflow tags what the path says.
    expect(Number(version.split(".")[0])).toBeLessThan(2);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { repository: { url: string } };
    expect(pkg.repository.url).toBe(`git+${REPOSITORY}.git`);
    const [[, go]] = jobsWhere((job) => runs(job).some((r) => r.includes("artifacts.js go")));
    expect(go.permissions).toEqual({ contents: "write" });
    expect(runs(go).join("\n")).toContain('git push origin "refs/tags/$dir/$GITHUB_REF_NAME"');
  });
});

describe("the release's declaration (scripts/release/artifacts.js)", () => {
  it("names the npm package as npm pack does, and the SDKs by the schema's package names", async () => {
    const pack = await runProcess("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root });
    expect(pack.status, pack.stderr).toBe(0);
    const packed = JSON.parse(pack.stdout) as {
      filename: string;
    }[];
    const declared = artifacts({ version });
    const names = declared.map((a) => a.name);
    expect(names).toContain(packed[0].filename);
    expect(names).toContain(npmTarball(languages.nodejs.packageName, version));
    expect(names).toContain(`${languages.python.packageName}-${version}-py3-none-any.whl`);
    expect(names).toContain(`${languages.python.packageName}-${version}.tar.gz`);
    // The emulator's package, packed from its workspace, is published to npm beside the provider's.
    const emulator = await runProcess("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", "--workspace", "pipestack-emulator"], { cwd: root });
    expect(emulator.status, emulator.stderr).toBe(0);
    const emulatorTarball = (JSON.parse(emulator.stdout) as { filename: string }[])[0].filename;
    expect(declared.find((a) => a.name === emulatorTarball)?.to).toEqual(["code-host", "npm"]);
    expect(declared.filter((a) => !a.to.includes("code-host"))).toEqual([]);
    expect(declared.filter((a) => a.to.some((d) => !DESTINATIONS.includes(d)))).toEqual([]);
  });

  it("declares the emulator's executable of every platform the plugin's are built for, for the code host's release", () => {
    for (const platforms of [Object.keys(BASES.platforms), ["darwin-arm64"]])
      for (const sdks of [true, false]) {
        const names = artifacts({ version, platforms, sdks }).map((a) => a.name);
        expect(names.filter((n) => n.startsWith("pipestack-emulator-v")).sort()).toEqual(
          platforms.map((p) => `pipestack-emulator-v${version}-${p}.tar.gz`).sort(),
        );
      }
  });

  it("compares a folder with the declaration", () => {
    const expected = [
      { name: "a.tgz", to: ["npm"] },
      { name: "b.whl", to: ["pypi"] },
    ];
    const cases: [string[], string[], { missing: string[]; unexpected: string[] }][] = [
      [["a.tgz", "b.whl"], [], { missing: [], unexpected: [] }],
      [["a.tgz"], [], { missing: ["b.whl"], unexpected: [] }],
      [["a.tgz", "b.whl", "exe"], [], { missing: [], unexpected: ["exe"] }],
      [["a.tgz", "b.whl", "exe"], ["exe"], { missing: [], unexpected: [] }],
    ];
    for (const [names, allowed, want] of cases) expect(compare(names, expected, allowed)).toEqual(want);
  });

  it("lists each destination's files of a release folder, and fails on a missing one", async () => {
    const dir = path.join(scratch, "release");
    fs.mkdirSync(dir);
    const declared = artifacts({ version });
    for (const a of declared) fs.writeFileSync(path.join(dir, a.name), "");
    const list = (destination: string) => runProcess(process.execPath, ["scripts/release/artifacts.js", destination, dir], { cwd: root });
    for (const destination of DESTINATIONS) {
      const listed = await list(destination);
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout.trim().split("\n")).toEqual(declared.filter((a) => a.to.includes(destination)).map((a) => path.join(dir, a.name)));
    }
    const gone = declared.find((a) => a.to.includes("pypi"));
    fs.rmSync(path.join(dir, gone?.name ?? ""));
    const failed = await list("pypi");
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(`${gone?.name} not built`);
    expect((await list("elsewhere")).stderr).toContain("unknown destination elsewhere");
  });
});

describe("npm run release -- --assemble", () => {
  const assemble = (dir: string, tag = `v${version}`) =>
    runProcess(process.execPath, ["scripts/release.js", "--tag", tag, "--assemble", "--out", dir], { cwd: root });

  it("writes one checksum file over the parts of every platform, and refuses a folder that is not the declared release", async () => {
    const dir = path.join(scratch, "parts");
    fs.mkdirSync(dir);
    const declared = artifacts({ version });
    for (const a of declared) fs.writeFileSync(path.join(dir, a.name), a.name);
    const done = await assemble(dir);
    expect(done.status, done.stderr).toBe(0);
    const checksums = declared.find((a) => a.name.endsWith("_checksums.txt"))?.name ?? "";
    const lines = fs.readFileSync(path.join(dir, checksums), "utf8").trim().split("\n");
    expect(lines.map((l) => l.split("  ")[1])).toEqual(
      declared
        .map((a) => a.name)
        .filter((n) => n !== checksums)
        .sort(),
    );
    fs.writeFileSync(path.join(dir, "pulumi-resource-pipestack"), "");
    expect((await assemble(dir)).stderr).toContain("not declared pulumi-resource-pipestack");
    fs.rmSync(path.join(dir, "pulumi-resource-pipestack"));
    const darwin = declared.find((a) => a.name.includes("darwin-arm64"))?.name ?? "";
    fs.rmSync(path.join(dir, darwin));
    expect((await assemble(dir)).stderr).toContain(`missing ${darwin}`);
    expect((await assemble(dir, "v0.0.0-not-this")).stderr).toContain("is not the package's version");
  });
});

describe("the CI workflow", () => {
  it("runs .ci/run, the project's own CI, on every push and pull request", () => {
    const ci = readWorkflow("ci.yml");
    expect(Object.keys(ci.on as object).sort()).toEqual(["pull_request", "push"]);
    const commands = Object.values(ci.jobs).flatMap(runs);
    expect(commands).toEqual(["bash .ci/run"]);
    expect(fs.existsSync(path.join(root, ".ci", "run"))).toBe(true);
  });
});
