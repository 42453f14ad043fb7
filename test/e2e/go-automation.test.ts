/**
 * A Go program (test/e2e/go/main.go) on the Go SDK generated from the native provider's schema,
 * run through the Automation API of the Go SDK `github.com/pulumi/pulumi/sdk/v3` (from the Go
 * module proxy, the version of test/e2e/go/go.mod) as an inline program: the life cycle of
 * automation-flow.ts against the emulator. No Go language host is involved. The program is built
 * once per run (go-program.ts), the generated SDK put in by a `replace` directive; Go's build cache
 * lives in the pipestack cache folder, so a run after the first compiles only the program and the SDK.
 */
import { describeAutomation } from "./automation-flow";
import { buildGoProgram } from "./go-program";

describeAutomation("go", async (sdks, tmp) => ({ argv: [await buildGoProgram(sdks, tmp)] }));
