/**
 * `npm test` (scripts/test.js) says why it fails in its last five lines, its last one still
 * `N passed, N failed` (issue 46): run on a fixture project (PIPESTACK_TEST_ROOT) whose one test
 * passes and then leaves an unhandled rejection, whose config does not load (no report), and
 * whose test passes cleanly (exit 0, no reason line).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";

const root = path.resolve(__dirname, "..", "..");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const PASSING = `import { expect, it } from "vitest";\nit("passes", () => expect(1 + 1).toBe(2));\n`;
const CONFIG = `export default { test: { include: ["*.test.mjs"] } };\n`;

/** scripts/test.js on a fixture project of these files; its exit code and last five lines. */
async function npmTest(files: Record<string, string>): Promise<{ status: number | null; tail: string[]; output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-test-command-"));
  dirs.push(dir);
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const r = await runProcess(process.execPath, [path.join(root, "scripts", "test.js")], { env: { ...process.env, PIPESTACK_TEST_ROOT: dir, CI: "1" } });
  const output = r.stdout + r.stderr;
  return { status: r.status, tail: r.stdout.trimEnd().split("\n").slice(-5), output };
}

describe("npm test's closing lines", () => {
  it("name an unhandled error of a run whose tests all passed, and exit 1", async () => {
    const r = await npmTest({
      "vitest.config.mjs": CONFIG,
      "late.test.mjs": `${PASSING}it("passes, then leaves a rejection nobody handles", () => { Promise.reject(new Error("injected: rejected after passing")); });\n`,
    });
    expect(r.status, r.output).toBe(1);
    expect(r.tail.at(-1)).toBe("2 passed, 0 failed");
    expect(r.tail.join("\n"), r.output).toMatch(/exit 1: .*: 1 unhandled error, the first: Error: injected: rejected after passing/);
  }, 180_000);

  it("name a run that wrote no report, and exit 1", async () => {
    const r = await npmTest({ "vitest.config.mjs": `throw new Error("injected: the config does not load");\n`, "a.test.mjs": PASSING });
    expect(r.status, r.output).toBe(1);
    expect(r.tail.at(-1)).toBe("0 passed, 1 failed");
    expect(r.tail.join("\n"), r.output).toMatch(/exit 1: .*: no vitest JSON report \(vitest exited 1\)/);
  }, 180_000);

  it("give no reason when every test passed, and exit 0", async () => {
    const r = await npmTest({ "vitest.config.mjs": CONFIG, "a.test.mjs": PASSING });
    expect(r.status, r.output).toBe(0);
    expect(r.tail.at(-1)).toBe("1 passed, 0 failed");
    expect(r.tail.join("\n")).not.toMatch(/exit 1/);
  }, 180_000);
});
