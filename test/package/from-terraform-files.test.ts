/**
 * `pipestack-from-terraform` never loses or overwrites the user's files, run as a user runs it
 * (the built launcher in bin/): an existing program, log or notes file is refused unless --force,
 * the state it reads is never written (not even with --force, by a link or a hard link), and
 * standard output on a full disk (`/dev/full`) or a closed pipe fails with a clear message, no
 * stack trace and no notes: the `terraform state rm` advice is printed only once the import
 * document is written whole.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { tfPipe, tfState } from "../support/terraform-state-fixtures";

const root = path.resolve(__dirname, "..", "..");
const FROM_TF = path.join(root, "bin", "pipestack-from-terraform.js");
const STATE = tfState([{ name: "p", attributes: tfPipe("p-1") }]);
/** A line of a Node.js stack trace. */
const STACK_LINE = /^\s+at /m;

let tmp: string;
beforeAll(() => {
  expect(fs.existsSync(path.join(root, "dist", "provider", "from-terraform", "cli.js")), "run `npm run build` first").toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-tf-files-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A folder of its own holding the state as terraform.tfstate, and `files`. */
function folder(name: string, files: Record<string, string> = {}): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "terraform.tfstate"), STATE);
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), text);
  return dir;
}

const run = (cwd: string, args: string[], stdout: "pipe" | number = "pipe") => runProcess(process.execPath, [FROM_TF, ...args], { cwd, stdout });

const PROGRAM = Array.from({ length: 40 }, (_, i) => `# line ${i + 1} of the user's program`).join("\n");

describe("pipestack-from-terraform and the user's files", () => {
  it.each([
    ["--import PROGRAM that exists", { "main.yaml": PROGRAM }, ["--import", "main.yaml"], "--import main.yaml exists: it is not overwritten"],
    ["the import's log beside it", { "pulumi-import.log": "the last run's log" }, ["--import", "imported.yaml"], "the import's log"],
    ["--notes FILE that exists", { "notes.txt": "mine" }, ["--notes", "notes.txt"], "--notes notes.txt exists: it is not overwritten"],
  ])("refuses %s without --force, naming the flag, before doing anything", async (_what, files, args, message) => {
    const dir = folder(`exists-${args[1]}`, files);
    const r = await run(dir, ["terraform.tfstate", ...args]);
    expect([r.status, r.stdout]).toEqual([2, ""]);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain("add --force to replace it");
    for (const [f, text] of Object.entries(files)) expect(fs.readFileSync(path.join(dir, f), "utf8")).toBe(text);
    expect(fs.readdirSync(dir).sort()).toEqual(["terraform.tfstate", ...Object.keys(files)].sort());
  });

  it("replaces an existing notes file with --force", async () => {
    const dir = folder("force", { "notes.txt": "mine" });
    const r = await run(dir, ["terraform.tfstate", "--notes", "notes.txt", "--force"]);
    expect(r.status, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, "notes.txt"), "utf8")).toContain("terraform state rm");
  });

  it.each([
    ["by its name", (_dir: string) => "terraform.tfstate"],
    ["by another path to it", (dir: string) => path.join(dir, ".", "..", path.basename(dir), "terraform.tfstate")],
    ["by a link to it", (dir: string) => (fs.symlinkSync("terraform.tfstate", path.join(dir, "link")), "link")],
    ["by a hard link to it", (dir: string) => (fs.linkSync(path.join(dir, "terraform.tfstate"), path.join(dir, "hard")), "hard")],
  ])("never writes the state it reads, not even with --force: as --notes %s", async (what, target) => {
    const dir = folder(`input-${what.replace(/\W+/g, "-")}`);
    const r = await run(dir, ["terraform.tfstate", "--notes", target(dir), "--force"]);
    expect([r.status, r.stdout]).toEqual([2, ""]);
    expect(r.stderr).toContain("is the Terraform state this reads: it is never written, not even with --force");
    expect(fs.readFileSync(path.join(dir, "terraform.tfstate"), "utf8")).toBe(STATE);
  });

  it("never writes the state as --import's program either", async () => {
    const dir = folder("input-import");
    const r = await run(dir, ["terraform.tfstate", "--import", "terraform.tfstate", "--force"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--import terraform.tfstate is the Terraform state this reads");
    expect(fs.readFileSync(path.join(dir, "terraform.tfstate"), "utf8")).toBe(STATE);
  });
});

describe("pipestack-from-terraform when standard output fails", () => {
  it("on a full disk (/dev/full): a clear message, no stack trace, no notes and no advice; exit 1", async () => {
    const dir = folder("full");
    const full = fs.openSync("/dev/full", "w");
    try {
      const r = await run(dir, ["terraform.tfstate", "--notes", "notes.txt"], full);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("pipestack-from-terraform: could not write to standard output: no space left on the device it goes to (ENOSPC)");
      expect(r.stderr).toContain("the import document is not whole, so nothing was imported and no notes were printed");
      expect(r.stderr).not.toMatch(STACK_LINE);
      expect(fs.existsSync(path.join(dir, "notes.txt")), "no notes, so no terraform state rm advice").toBe(false);
      // Without --notes, the notes would go to standard error: they are not there either.
      const bare = await run(dir, ["terraform.tfstate"], full);
      expect(bare.status).toBe(1);
      expect(bare.stderr).not.toContain("terraform state rm");
      expect(bare.stderr).not.toMatch(STACK_LINE);
    } finally {
      fs.closeSync(full);
    }
  });

  it("on a closed pipe (EPIPE): the same, exit 1", async () => {
    const dir = folder("pipe");
    const child = spawn(process.execPath, [FROM_TF, "terraform.tfstate"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    // The reading end closed before the command (still starting) writes anything.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("could not write to standard output: the program reading it closed the pipe (EPIPE)");
    expect(stderr).not.toContain("terraform state rm");
    expect(stderr).not.toMatch(STACK_LINE);
  });

  it("prints the notes and their advice once the document is written whole", async () => {
    const dir = folder("ok");
    const out = fs.openSync(path.join(dir, "import.json"), "w");
    const r = await run(dir, ["terraform.tfstate"], out);
    fs.closeSync(out);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8"))).toMatchObject({ resources: [{ name: "p" }] });
    expect(r.stderr).toContain("terraform state rm 'example_pipe.p'");
  });
});
