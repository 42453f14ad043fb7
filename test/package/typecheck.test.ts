import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

describe("typecheck", () => {
  it("the package, emulator, scripts and tests compile with no error (type tests included)", () => {
    const root = resolve(__dirname, "../..");
    const tsc = require.resolve("typescript/bin/tsc");
    const run = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json", "--noEmit"], { cwd: root, encoding: "utf8" });
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 180_000);
});
