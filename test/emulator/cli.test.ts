import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeSettings, parseCliArgs, USAGE } from "../../emulator/cli-args";
import { OPTION_NAMES, OPTIONS, resolveOptions } from "../../emulator/options";
import { cli, ensureBuilt, exitOf, launch, type RunningCli } from "../support/emulator-cli";
import { basic, send } from "../support/http";
import { runProcess } from "../support/run-process";

describe("argument parsing", () => {
  it("reads every flag", () => {
    const args = parseCliArgs(["--port", "0", "--fault-rate", "0.25", "--fault-kinds", "429,drop", "--step-ms", "10", "--no-quirks"]);
    expect(args.options).toEqual({ port: 0, faultRate: 0.25, faultKinds: ["429", "drop"], stepMs: 10, quirks: false });
  });

  it.each([
    [["--port", "abc"], "--port must be a number"],
    [["--fault-kinds", "429,boom"], "unknown kind boom"],
    [["--unknown"], "Unknown option"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it("has a flag, a help line and a settings line for every option, slowMs included", () => {
    expect(parseCliArgs(["--slow-ms", "25"]).options).toEqual({ slowMs: 25 });
    const settings = describeSettings(resolveOptions({ slowMs: 25 }), {}).join("\n");
    expect(settings).toMatch(/slow ms\s+25/);
    for (const name of OPTION_NAMES) {
      const flag = (OPTIONS[name] as { flag?: string }).flag;
      expect(flag, name).toBeDefined();
      expect(USAGE).toContain(`--${flag}`);
    }
  });

  it("keeps every label apart from its value, the longest ones included", () => {
    const lines = describeSettings(resolveOptions({}), {}).slice(1);
    expect(lines.length).toBe(OPTION_NAMES.length - 1);
    for (const line of lines) expect(line, line).toMatch(/^ {2}\S.*?\S {2,}\S/);
    expect(lines.join("\n")).toMatch(/stack rate window ms {2,}60000/);
  });

  it("prints given secrets as (set) and the fake defaults as they are", () => {
    const given = describeSettings(resolveOptions({ keySecret: "real-secret", stackToken: "real-token" }), { keySecret: true, stackToken: true }).join("\n");
    expect(given).not.toContain("real-secret");
    expect(given).not.toContain("real-token");
    expect(given).toMatch(/key secret\s+\(set\)/);
    const defaults = describeSettings(resolveOptions({}), { keySecret: false, stackToken: false }).join("\n");
    expect(defaults).toContain("emulator-key-secret");
    expect(defaults).toContain("emulator-stack-token");
  });
});

describe("the compiled CLI", () => {
  let running: RunningCli;
  beforeAll(async () => {
    await ensureBuilt();
    running = await launch(["--port", "0", "--key-secret", "cli-secret-123", "--step-ms", "0"]);
  }, 120_000);
  afterAll(() => {
    if (running?.child.exitCode === null) running.child.kill("SIGKILL");
  });

  it("prints its settings, hides a given secret, and listens where it says", async () => {
    expect(running.output).toContain("pipestack-emulator settings:");
    expect(running.output).not.toContain("cli-secret-123");
    expect(running.output).toContain("emulator-stack-token");
    const base = `${running.url}/v1/organizations/00000000-0000-4000-8000-000000000001/services/00000000-0000-4000-8000-000000000002`;
    expect((await send(`${base}/pipes`, "GET")).status).toBe(401);
    const ok = await send(`${base}/pipes`, "GET", undefined, { authorization: basic("emulator-key-id", "cli-secret-123") });
    expect(ok.status).toBe(200);
    expect(ok.json.result).toEqual([]);
  });

  it("stops cleanly on SIGTERM", async () => {
    const exited = exitOf(running.child);
    running.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("a catastrophic scripted path neither stalls a request nor SIGTERM", async () => {
    const other = await launch(["--port", "0", "--step-ms", "0"]);
    try {
      const scripted = await send(`${other.url}/__emulator/script`, "POST", { path: "^/(a+)+$", status: 503 });
      expect(scripted.status, scripted.text).toBe(200);
      const began = Date.now();
      const answer = await send(`${other.url}/${"a".repeat(5_000)}!`, "GET");
      expect(answer.status).toBe(404);
      const exited = exitOf(other.child);
      other.child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(Date.now() - began).toBeLessThan(5_000);
    } finally {
      if (other.child.exitCode === null) other.child.kill("SIGKILL");
    }
  });

  it("exits 2 with usage on a bad flag", async () => {
    const result = await runProcess(process.execPath, [cli, "--fault-rate", "x"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--fault-rate must be a number");
    expect(result.stderr).toContain("Usage: pipestack-emulator");
  });
});
