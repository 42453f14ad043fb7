/**
 * The emulator as the release ships it, for a team with no Node.js (issue 44): `npm run release
 * -- --dry-run` for this machine's platform puts the emulator's executable in its tarball beside
 * the plugin's, both in the checksum file. A Python team takes the tarball (its checksum checked
 * first), unpacks it and starts the emulator with no `node` on PATH; its Python program (the one
 * of native-python.test.ts, the SDK pip-installed, the plugin installed from the same release
 * folder) previews, creates and destroys on it, with no `node` on the CLI's PATH either. The
 * emulator the test harness starts in this process is given other credentials and sees nothing.
 * (Only this platform is built here; `npm run release -- --dry-run` builds the others.)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, pulumiBin, repoRoot } from "./harness";
import { runAsync } from "./package-indexes";
import { pythonSdkHost } from "./python-env";

const req = createRequire(__filename);
const { hostPlatform } = req(path.join(repoRoot, "scripts", "release", "bases.js")) as { hostPlatform: () => string };
const { archiveName, checksumsName, emulatorArchiveName } = req(path.join(repoRoot, "scripts", "release", "archive.js")) as {
  archiveName: (version: string, platform: string) => string;
  checksumsName: (version: string) => string;
  emulatorArchiveName: (version: string, platform: string) => string;
};

const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
const platform = hostPlatform();
const EXE = platform.startsWith("windows-") ? "pipestack-emulator.exe" : "pipestack-emulator";
/** The emulator executable's settings: none the harness's own emulator has. */
const SETTINGS = {
  keyId: "release-exe-key-id",
  keySecret: "release-exe-key-secret-51c9",
  stackToken: "release-exe-stack-token-0d7e",
  organizationId: "00000000-0000-4000-8000-0000000000a1",
  serviceId: "00000000-0000-4000-8000-0000000000a2",
};
const PASSWORD = "emulator-exe-kafka-pw-e31b06";

let tmp: string;
let out: string;
/** A PATH with no `node` on it: only an empty folder (the tests add the CLI's and the language host's). */
let noNode: string;
let released = { code: -1, stdout: "", stderr: "" };
const seconds: Record<string, number> = {};

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-emulator-exe-"));
  out = path.join(tmp, "release");
  noNode = path.join(tmp, "empty");
  fs.mkdirSync(noNode);
  const started = Date.now();
  // The release command itself, built for this platform only (dist/ is the run's build).
  released = await runAsync(process.execPath, ["scripts/release.js", "--dry-run", "--no-build", "--no-sdks", "--platforms", platform, "--out", out], {
    cwd: repoRoot,
  });
  seconds.release = (Date.now() - started) / 1000;
  console.log(
    `emulator-executable: release ${seconds.release} s\n${released.stdout
      .split("\n")
      .filter((l) => l.includes("pipestack-emulator"))
      .join("\n")}`,
  );
}, 900_000);

afterAll(() => {
  console.log(`emulator-executable: seconds ${JSON.stringify(seconds)}`);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the release folder", () => {
  it("holds the emulator's tarball of this platform beside the plugin's, both in the checksum file, and its executable", async () => {
    expect(released.code, released.stderr).toBe(0);
    const tarball = path.join(out, emulatorArchiveName(version, platform));
    expect(path.basename(tarball)).toBe(`pipestack-emulator-v${version}-${platform}.tar.gz`);
    expect(fs.readdirSync(out).sort()).toEqual(
      [
        ".pipestack-release",
        archiveName(version, platform),
        checksumsName(version),
        EXE,
        emulatorArchiveName(version, platform),
        "pulumi-resource-pipestack",
      ].sort(),
    );
    const listing = await runAsync("tar", ["-tzf", tarball]);
    expect(listing.stdout.trim().split("\n").sort()).toEqual(["LICENSE", EXE]);
    const lines = fs
      .readFileSync(path.join(out, checksumsName(version)), "utf8")
      .trim()
      .split("\n");
    expect(lines).toContain(`${sha256(tarball)}  ${path.basename(tarball)}`);
  });
});

describe("a Python team with no node anywhere: the emulator from the release, its program's preview on it", () => {
  let emulator: ChildProcess | undefined;
  let url = "";
  let s: E2EStack;
  let printed = "";

  /** The emulator executable's own view of what it holds (its control route). */
  const state = async () => {
    const r = await fetch(`${url}/__emulator/state`);
    return (await r.json()) as { services: Record<string, { pipes: { name: string }[] }> };
  };

  beforeAll(async () => {
    expect(released.code, released.stderr).toBe(0);
    // As a team gets it: the tarball, its checksum checked against the checksum file, unpacked.
    const tarball = path.join(out, emulatorArchiveName(version, platform));
    const line = fs
      .readFileSync(path.join(out, checksumsName(version)), "utf8")
      .split("\n")
      .find((l) => l.endsWith(`  ${path.basename(tarball)}`));
    expect(line?.split("  ")[0]).toBe(sha256(tarball));
    const bin = path.join(tmp, "emulator-bin");
    fs.mkdirSync(bin);
    expect((await runAsync("tar", ["-xzf", tarball, "-C", bin])).code).toBe(0);
    const t = Date.now();
    const args = [
      "--port",
      "0",
      "--step-ms",
      "20",
      "--stack-api-version",
      "2.36.0",
      ...Object.entries(SETTINGS).flatMap(([k, v]) => [`--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, v]),
    ];
    const child = spawn(path.join(bin, EXE), args, { env: { PATH: noNode }, stdio: ["ignore", "pipe", "pipe"] });
    emulator = child;
    url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        printed += d;
        const m = /^listening on (http:\/\/\S+)$/m.exec(printed);
        if (m) resolve(m[1]);
      });
      child.stderr.setEncoding("utf8").on("data", (d: string) => (printed += d));
      child.on("exit", (code) => reject(new Error(`the emulator exited ${code} before listening:\n${printed}`)));
    });
    seconds["emulator start"] = (Date.now() - t) / 1000;

    const program = path.join(tmp, "program");
    fs.cpSync(path.join(repoRoot, "test", "e2e", "programs", "native-python"), program, { recursive: true });
    const project = fs.readFileSync(path.join(program, "Pulumi.yaml"), "utf8");
    // No plugin folder: the plugin comes from the release folder, installed below.
    fs.writeFileSync(path.join(program, "Pulumi.yaml"), project.slice(0, project.indexOf("plugins:")));
    const host = await pythonSdkHost(path.join(tmp, "python"));
    s = await E2EStack.open({
      program,
      stackServer: true,
      config: {
        "pipestack:apiUrl": url,
        "pipestack:stackUrl": url,
        "pipestack:keyId": SETTINGS.keyId,
        "pipestack:organizationId": SETTINGS.organizationId,
        "pipestack:serviceId": SETTINGS.serviceId,
      },
      secretConfig: { "pipestack:keySecret": SETTINGS.keySecret, "pipestack:stackToken": SETTINGS.stackToken, kafkaPassword: PASSWORD },
      secrets: [SETTINGS.keySecret, SETTINGS.stackToken],
      env: { PATH: [await pulumiBin(), host, noNode].join(path.delimiter) },
    });
    await s.must(["plugin", "install", "resource", "pipestack", version, "-f", path.join(out, archiveName(version, platform))], false);
  }, 900_000);

  afterAll(async () => {
    emulator?.kill();
    await s?.close();
  });

  it("has no node on the emulator's PATH or the CLI's", async () => {
    const dirs = [await pulumiBin(), noNode];
    expect(dirs.filter((d) => fs.existsSync(path.join(d, "node")))).toEqual([]);
    expect(printed).toContain("stack api version     2.36.0");
  });

  it("previews, creates and destroys on the emulator executable, which holds the pipe between", async () => {
    const t = Date.now();
    const preview = await s.must(["preview"]);
    seconds.preview = (Date.now() - t) / 1000;
    expect(preview.stdout).toMatch(/\+ \d+ to create/);
    await s.up();
    const pipes = (await state()).services[SETTINGS.serviceId].pipes;
    expect(pipes.map((p) => p.name)).toEqual(["python-events"]);
    // The harness's own emulator, with other credentials, was never the program's.
    expect(s.storedObjects()).toBe(0);
    await s.expectNoChanges();
    await s.assertNoPlaintextSecrets();
    await s.destroy();
    expect((await state()).services[SETTINGS.serviceId].pipes).toEqual([]);
  }, 600_000);
});
