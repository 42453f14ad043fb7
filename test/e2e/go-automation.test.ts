/**
 * A Go program (test/e2e/go/main.go) on the Go SDK generated from the native provider's schema,
 * run through the Automation API of the Go SDK `github.com/pulumi/pulumi/sdk/v3` (from the Go
 * module proxy, the version of test/e2e/go/go.mod) as an inline program: the life cycle of
 * automation-flow.ts against the emulator. No Go language host is involved. The program is built
 * once per run, the generated SDK put in by a `replace` directive; Go's build cache lives in the
 * pipestack cache folder, so a run after the first compiles only the program and the SDK.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runProcess } from "../support/run-process";
import { describeAutomation } from "./automation-flow";
import { repoRoot } from "./harness";

async function go(args: string[], cwd: string): Promise<void> {
  const r = await runProcess("go", args, {
    cwd,
    // The checksum database is not reachable from every machine; the module proxy is.
    // Go's own build cache, which `npm run sdks` (building the same SDK module) has filled.
    env: { ...process.env, GOSUMDB: "off", GOFLAGS: "-mod=mod" },
  });
  if (r.status !== 0) throw new Error(`go ${args.join(" ")} failed\n${r.stdout}${r.stderr}`);
}

describeAutomation("go", async (sdks, tmp) => {
  const src = path.join(tmp, "go-program");
  fs.cpSync(path.join(repoRoot, "test", "e2e", "go"), src, { recursive: true });
  const { modulePath, dir } = sdks.go!;
  await go(["mod", "edit", `-require=${modulePath}@v0.0.0`, `-replace=${modulePath}=${dir}`], src);
  const bin = path.join(tmp, "go-automation");
  await go(["build", "-o", bin, "."], src);
  return { argv: [bin] };
});
