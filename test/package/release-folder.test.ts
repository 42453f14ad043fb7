/**
 * `npm run release` never deletes what it did not make, run as a user runs it: `--out` naming a
 * folder that holds a `.git` and the user's work, or the checkout itself, is refused, naming what
 * it holds, before anything is built (dist/ is not rebuilt) and with everything left as it was; a
 * `--download-url` `pipestack-pack-plugin` would refuse (plain http to another host, `file:`, a URL
 * with credentials) is refused the same way. A folder the release made (marked) is emptied for
 * the next build, its mark kept; a new or empty one is made its own.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";

const root = path.resolve(__dirname, "..", "..");
const load = createRequire(__filename);
const { MARKER, claimOut, outProblem } = load("../../scripts/release/out-folder.js") as {
  MARKER: string;
  claimOut: (out: string) => void;
  outProblem: (out: string) => string | undefined;
};

let tmp: string;
beforeAll(() => {
  expect(fs.existsSync(path.join(root, "dist")), "run `npm run build` first").toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-release-folder-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The release command with `args`; dist/'s inode before and after tells whether it built anything. */
async function release(args: string[]) {
  const before = fs.statSync(path.join(root, "dist")).ino;
  const r = await runProcess(process.execPath, ["scripts/release.js", "--dry-run", ...args], { cwd: root });
  return { ...r, built: fs.statSync(path.join(root, "dist")).ino !== before };
}

/** Every file under `dir` with its text, `.git` included. */
const snapshot = (dir: string): Record<string, string> =>
  Object.fromEntries(
    (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      .map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")]),
  );

describe("npm run release -- --out DIR", () => {
  it("refuses a folder holding a .git and the user's work before building anything, leaving it as it was", async () => {
    const work = path.join(tmp, "work");
    fs.mkdirSync(path.join(work, ".git", "refs"), { recursive: true });
    fs.writeFileSync(path.join(work, ".git", "HEAD"), "ref: refs/heads/main\n");
    fs.writeFileSync(path.join(work, "plan.md"), "the user's work\n");
    const before = snapshot(work);
    const r = await release(["--out", work]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`release: --out "${work}" holds 2 entries the release did not make (".git", "plan.md")`);
    expect(r.stderr).toContain(`only takes a new or empty folder, or one it made (marked by its ${MARKER} file)`);
    expect(r.built, "refused before `npm run build`").toBe(false);
    expect(snapshot(work)).toEqual(before);
  });

  it("refuses the checkout itself (--out .)", async () => {
    const r = await release(["--out", "."]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`release: --out "${root}" holds`);
    expect(r.built).toBe(false);
    expect(fs.existsSync(path.join(root, "package.json"))).toBe(true);
  });

  it("takes a new folder, an empty one, or one it marked (emptied but for its mark); refuses another, and a file", () => {
    const fresh = path.join(tmp, "fresh", "release");
    expect(outProblem(fresh)).toBeUndefined();
    claimOut(fresh);
    expect(fs.readdirSync(fresh)).toEqual([MARKER]);
    fs.writeFileSync(path.join(fresh, "pulumi-resource-pipestack-v0.0.1-linux-amd64.tar.gz"), "last build");
    fs.mkdirSync(path.join(fresh, "leftover"));
    claimOut(fresh);
    expect(fs.readdirSync(fresh)).toEqual([MARKER]);

    const empty = path.join(tmp, "empty");
    fs.mkdirSync(empty);
    claimOut(empty);
    expect(fs.readdirSync(empty)).toEqual([MARKER]);

    const mine = path.join(tmp, "mine");
    fs.mkdirSync(path.join(mine, ".git"), { recursive: true });
    fs.writeFileSync(path.join(mine, "notes.txt"), "mine");
    expect(() => claimOut(mine)).toThrow("holds 2 entries the release did not make");
    expect(snapshot(mine)).toEqual({ "notes.txt": "mine" });
    expect(fs.existsSync(path.join(mine, ".git"))).toBe(true);

    const file = path.join(tmp, "a-file");
    fs.writeFileSync(file, "mine");
    expect(() => claimOut(file)).toThrow("is not a folder");
    expect(fs.readFileSync(file, "utf8")).toBe("mine");
  });
});

describe("npm run release -- --download-url", () => {
  it.each([
    ["plain http to another host", "http://plugins.example.test/pipestack/", "is plain http"],
    ["a file: URL", "file:///srv/plugins/", "must be https:// (or http:// on loopback), not file:"],
    ["a URL with credentials", "https://user:pass@plugins.example.test/", "must not carry credentials"],
  ])("refuses %s as pipestack-pack-plugin does, before building anything or touching --out", async (_what, url, message) => {
    const out = path.join(tmp, `url-${url.length}`);
    const r = await release(["--out", out, "--download-url", url]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`release: --download-url`);
    expect(r.stderr).toContain(message);
    expect(r.built).toBe(false);
    expect(fs.existsSync(out)).toBe(false);
  });
});
