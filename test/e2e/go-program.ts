/**
 * test/e2e/go/main.go built against the Go SDK of `npm run sdks` (put in by a `replace` directive),
 * as go-automation.test.ts and go-stack-from-nothing.test.ts run it: one binary, its program chosen
 * by PIPESTACK_E2E_PROGRAM. Go's own build cache (which `npm run sdks`, building the same SDK
 * module, has filled) makes a build after the first compile only the program and the SDK.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runProcess } from "../support/run-process";
import { repoRoot } from "./harness";
import type { BuiltSdks } from "./language-sdks";

async function go(args: string[], cwd: string): Promise<void> {
  const r = await runProcess("go", args, {
    cwd,
    // The checksum database is not reachable from every machine; the module proxy is.
    env: { ...process.env, GOSUMDB: "off", GOFLAGS: "-mod=mod" },
  });
  if (r.status !== 0) throw new Error(`go ${args.join(" ")} failed\n${r.stdout}${r.stderr}`);
}

/** Builds the Go program into `tmp`; returns the binary's path. */
export async function buildGoProgram(sdks: BuiltSdks, tmp: string): Promise<string> {
  const src = path.join(tmp, "go-program");
  fs.cpSync(path.join(repoRoot, "test", "e2e", "go"), src, { recursive: true });
  const { modulePath, dir } = sdks.go!;
  await go(["mod", "edit", `-require=${modulePath}@v0.0.0`, `-replace=${modulePath}=${dir}`], src);
  const bin = path.join(tmp, "go-automation");
  await go(["build", "-o", bin, "."], src);
  return bin;
}
