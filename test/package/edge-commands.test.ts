/**
 * The package's commands at their edges, as a user runs them (the built launchers in bin/):
 * `pipestack-from-terraform` on states with one object at two addresses, control characters and
 * odd ids, and standard input far over the cap; `pipestack-pack-plugin` with a plain `http:`
 * download URL, and the install command it prints, run as printed; and every command's command
 * line, read one way (provider/command-line.ts): `--help`, and an unknown option refused, its
 * control characters and line feeds escaped.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { TF_SERVICE, tfPipe, tfState } from "../support/terraform-state-fixtures";

const root = path.resolve(__dirname, "..", "..");
const FROM_TF = path.join(root, "bin", "pipestack-from-terraform.js");
const PACK = path.join(root, "bin", "pipestack-pack-plugin.js");
const PR_SUMMARY = path.join(root, "bin", "pipestack-pr-summary.js");
/** What a terminal acts on (a line feed aside: the command's own lines). */
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
const MIB = 1024 * 1024;

let tmp: string;
beforeAll(() => {
  expect(fs.existsSync(path.join(root, "dist", "provider", "from-terraform", "cli.js")), "run `npm run build` first").toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-edges-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const fromTerraform = (text: string) => runProcess(process.execPath, [FROM_TF, "-"], { input: text });

describe("pipestack-from-terraform", () => {
  it("refuses one object at two addresses, naming both, and writes no import document", async () => {
    const r = await fromTerraform(
      tfState([
        { name: "a", module: "module.eu", attributes: tfPipe("p-1") },
        { name: "b", attributes: tfPipe("p-1") },
      ]),
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain('standard input names one pipe ("p-1") at two addresses, "module.eu.example_pipe.a" and "example_pipe.b"');
  });

  it.each([
    ["an id of 4 parts", tfPipe("o/s/x/p-1", { service_id: null })],
    ["an id with a line break", tfPipe("p-1\n-2")],
    ["a service_id with an escape sequence", tfPipe("p-1", { service_id: "svc\u001b]0;pwned\u0007\u001b[2J" })],
  ])("refuses %s, writing nothing, its message escaped", async (_what, attributes) => {
    const r = await fromTerraform(tfState([{ name: "odd", attributes }]));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/"example_pipe\.odd" with id .* which no import takes/);
    expect(r.stderr.replaceAll("\n", "")).not.toMatch(ACTIVE);
  });

  it("prints the summary of a state with control characters in its addresses escaped", async () => {
    const r = await fromTerraform(tfState([{ name: "p", module: 'module.m["\\u001b]0;pwned\\u0007\\u2028"]', attributes: tfPipe("p-1") }]));
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ resources: [{ type: "pipestack:index:Pipe", name: "m-0-pwned-p", id: `${TF_SERVICE}:p-1` }] });
    expect(r.stderr.replaceAll("\n", "")).not.toMatch(ACTIVE);
    expect(r.stderr).toContain(String.raw`terraform state rm 'module.m["\u001b]0;pwned\u0007\u2028"].example_pipe.p'`);
  });

  it("gives up standard input at the cap (64 MiB), as it refuses a file that size, without reading it whole", async () => {
    const big = path.join(tmp, "big.tfstate");
    fs.writeFileSync(big, Buffer.alloc(65 * MIB, 0x20));
    const file = await runProcess(process.execPath, [FROM_TF, big]);
    expect(file.status).toBe(1);
    expect(file.stderr).toContain("is larger than 67108864 bytes (64 MiB)");

    // 300 MiB offered on standard input; the command's peak memory measured in its own process.
    const child = spawn(
      process.execPath,
      [
        "-e",
        `process.on("exit", () => process.stderr.write("maxRSS " + process.resourceUsage().maxRSS + "\\n")); process.argv = [process.argv[0], "pipestack-from-terraform", "-"]; require(${JSON.stringify(FROM_TF)});`,
        "--",
        "-",
      ],
      {
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdin.on("error", () => undefined); // the command closes its input at the cap
    const chunk = Buffer.alloc(MIB, 0x20);
    let offered = 0;
    const done = new Promise<number | null>((resolve) => child.on("close", resolve));
    let closed = false;
    void done.then(() => (closed = true));
    while (offered < 300 * MIB && !closed) {
      offered += MIB;
      // Written as fast as the command reads: the next chunk when it drained, or nothing more once it has exited.
      if (!child.stdin.write(chunk)) await Promise.race([new Promise((resolve) => child.stdin.once("drain", resolve)), done]);
    }
    child.stdin.end();
    const code = await done;
    expect(code).toBe(1);
    expect(stderr).toContain("pipestack-from-terraform: cannot read standard input: is larger than 67108864 bytes (64 MiB)");
    const rssMb = Number(/maxRSS (\d+)/.exec(stderr)![1]) / 1024;
    console.log(`[edges] from-terraform on 300 MiB of standard input: stopped after ${offered / MIB} MiB offered, peak RSS ${rssMb.toFixed(0)} MB`);
    expect(offered, "stopped reading well before the end").toBeLessThan(300 * MIB);
    expect(rssMb).toBeLessThan(250);
  }, 120_000);
});

describe("pipestack-pack-plugin", () => {
  it("refuses a plain http download URL off loopback before packing anything, naming the risk and the flag", async () => {
    const out = path.join(tmp, "refused");
    const r = await runProcess(process.execPath, [PACK, "--out", out, "--download-url", "http://plugins.example.test/pipestack/"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("is plain http: the engine and the SDKs would download the plugin over it and run it");
    expect(r.stderr).toContain("--allow-plain-http-anyone-on-the-path-can-replace-the-plugin");
    expect(fs.existsSync(out)).toBe(false);
  });

  it("takes it with the flag; prints an install command naming the tarball where --out put it", async () => {
    const out = path.join(tmp, "with flag");
    const r = await runProcess(
      process.execPath,
      [PACK, "--out", out, "--download-url", "http://plugins.example.test/pipestack/", "--allow-plain-http-anyone-on-the-path-can-replace-the-plugin"],
      { cwd: tmp },
    );
    expect(r.status, r.stderr).toBe(0);
    const tarball = r.stdout.trim();
    const command = /install it with: (.*)/.exec(r.stderr)![1];
    expect(command).toBe(
      `pulumi plugin install resource pipestack ${JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version} -f '${tarball}'`,
    );
    // The command as a shell reads it, from another folder: its file is there.
    const words = (await runProcess("sh", ["-c", `for w in ${command}; do echo "$w"; done`], { cwd: os.tmpdir() })).stdout.trim().split("\n");
    expect(fs.existsSync(words[words.length - 1])).toBe(true);
  }, 120_000);
});

describe("every command's command line", () => {
  it.each([
    ["pipestack-from-terraform", FROM_TF],
    ["pipestack-pack-plugin", PACK],
    ["pipestack-pr-summary", PR_SUMMARY],
  ])("%s: --help prints the usage; an unknown option exits 2 naming it (escaped) before the usage, doing nothing", async (name, bin) => {
    const help = await runProcess(process.execPath, [bin, "--help"]);
    expect([help.status, help.stderr]).toEqual([0, ""]);
    expect(help.stdout).toMatch(/^usage: /);
    const refused = await runProcess(process.execPath, [bin, "--nope\u001b[2J"], { cwd: tmp });
    expect([refused.status, refused.stdout]).toEqual([2, ""]);
    expect(refused.stderr).toContain(`${name}: Unknown option '--nope\\x1b[2J'`);
    expect(refused.stderr).toContain(help.stdout);
    expect(refused.stderr.replaceAll("\n", "")).not.toMatch(ACTIVE);
    // A line feed in the option is escaped too: it cannot forge a line of the command's own.
    const forged = await runProcess(process.execPath, [bin, `--nope\n${name}: done, nothing to fix`], { input: "", cwd: tmp });
    expect(forged.status).toBe(2);
    expect(forged.stderr).toContain(`${name}: Unknown option '--nope\\x0a${name}: done, nothing to fix'`);
    expect(forged.stderr.split("\n").filter((l: string) => l.startsWith(`${name}: done`))).toEqual([]);
  });
});
