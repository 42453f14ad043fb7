import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";

describe("typecheck", () => {
  it("the package, emulator, scripts and tests compile with no error (type tests included)", async () => {
    const root = resolve(__dirname, "../..");
    const tsc = require.resolve("typescript/bin/tsc");
    const run = await runProcess(process.execPath, [tsc, "-p", "tsconfig.json", "--noEmit"], { cwd: root });
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 180_000);
});
