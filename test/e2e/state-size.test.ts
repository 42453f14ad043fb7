/**
 * What a pipe costs in state on each face (issues 22 and 45): a file or object-store backend
 * rewrites the whole state after every step, so each byte of a resource is paid again on each
 * one and a stack of 1,000 pipes pays it a million times. The bench's pipe (a Kafka source with
 * credentials, three columns) from a real `up`, every byte of its entry counted as
 * `pulumi stack export` prints it (compact JSON): the inputs and outputs, the serialized provider
 * of the dynamic face, and the engine's own (URN, dates, the program's stack trace).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2EStack, repoRoot } from "./harness";

const PASSWORD = "state-size-kafka-pw-45c1";
/**
 * Bytes per pipe at most, per face. Issue 45 measured 5,078 (dynamic) and 2,897 (native) in the
 * bench's workspace and set 2,500 and 2,000 as targets. This program measures 3,010 and 3,211,
 * plus room for a timestamp or id of another length: a secret field's token in the inputs is a
 * handle of about 20 bytes (it was the value's ciphertext, about 70: 3,283 and 3,371 with it),
 * and a class keeps the program's first stack frame only (three before: 113 bytes more). What
 * stands between these and the targets is not the provider's to cut (docs/performance.md, "Very
 * large stacks"): the engine's own fields (URN, parent, provider reference, dates, the empty
 * property dependencies the SDK sends for every input: about 750 bytes), the native entry's
 * stack trace (the program's own 12 frames, 546 bytes: the Node SDK records them for a plain
 * `CustomResource`), and the outputs, which repeat the inputs (about 600 bytes) for their readers:
 * the dynamic face's `diff` is given the old outputs only, and the pull-request comment reads a
 * refresh's and a native diff's fields from them.
 */
const TARGET = { dynamic: 3_050, native: 3_250 } as const;
/** Of which the provider writes, inputs plus outputs (measured 2,198 and 2,024: the dynamic face's provider text is 146 of them). */
const OURS = { dynamic: 2_230, native: 2_060 } as const;
const PIPES = 2;

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v) ?? "", "utf8");

describe.each(["dynamic", "native"] as const)("a pipe's bytes in state: %s face", (face) => {
  let s: E2EStack;

  beforeAll(async () => {
    s = await E2EStack.open({ program: "test/e2e/programs/state-size", config: { count: String(PIPES), face }, secretConfig: { kafkaPassword: PASSWORD } });
  }, 300_000);

  afterAll(async () => {
    await s?.close();
  });

  it(`at most ${TARGET[face]} bytes, the provider text and the program's frames included`, async () => {
    await s.up();
    const pipes = (await s.exportState()).resources.filter((r) => r.type.endsWith(":Pipe")) as unknown as Record<string, unknown>[];
    expect(pipes).toHaveLength(PIPES);
    const sizes = pipes.map(bytes);
    const [pipe] = pipes;
    const part = (key: string) => bytes(pipe[key]);
    const provider = bytes((pipe.inputs as Record<string, unknown>).__provider) + bytes((pipe.outputs as Record<string, unknown>).__provider);
    // Each top-level field with its key, as the entry's bytes split (the braces aside).
    const parts = Object.keys(pipe).map((k) => `${k} ${bytes(k) + 1 + part(k)}`);
    console.log(
      `${face} state per pipe: ${sizes.join(" / ")} B (target ${TARGET[face]}); inputs ${part("inputs")}, outputs ${part("outputs")} (provider text ${provider} of them), stack trace ${part("stackTrace")}, source position ${part("sourcePosition")}; by field: ${parts.join(", ")}`,
    );
    for (const size of sizes) expect(size).toBeLessThanOrEqual(TARGET[face]);
    expect(part("inputs") + part("outputs")).toBeLessThanOrEqual(OURS[face]);
    // The program's frames stay, cut short: the line that declared the pipe is the source position.
    const program = fs.readFileSync(path.join(repoRoot, "test/e2e/programs/state-size/index.ts"), "utf8").split("\n");
    const line = program.findIndex((l) => l.includes(face === "native" ? "new NativePipe(" : "new Pipe(")) + 1;
    expect(pipe.sourcePosition).toMatch(new RegExp(`^project:///index\\.ts#${line},`));
  });

  it("a state whose inputs hold an older release's tokens (AES-256-GCM ciphertexts) previews, refreshes and destroys with no change", async () => {
    // The state as a release before the short tokens wrote it: each `pss:` handle in the inputs
    // becomes a `pipestack-sealed:v1:` ciphertext of the same value's length (the CLI encrypts
    // the secrets again on import).
    const exported = await s.must(["stack", "export", "--show-secrets", "--stack", s.stack, "--cwd", s.programDir], false);
    let replaced = 0;
    const older = exported.stdout.replace(/pss:[A-Za-z0-9_-]{12}\.[0-9a-z]+/g, () => {
      replaced++;
      return `pipestack-sealed:v1:${randomBytes(12 + 14 + 16).toString("base64url")}`;
    });
    expect(replaced).toBe(2 * PIPES);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-state-size-")), "state.json");
    fs.writeFileSync(file, older);
    await s.must(["stack", "import", "--file", file, "--stack", s.stack, "--cwd", s.programDir], false);
    const imported = (await s.must(["stack", "export", "--show-secrets", "--stack", s.stack, "--cwd", s.programDir], false)).stdout;
    expect(imported.match(/pipestack-sealed:v1:/g)).toHaveLength(2 * PIPES);
    await s.expectNoChanges();
    // A refresh's diff is given the state's inputs, the older tokens in them.
    await s.must(["preview", "--refresh", "--expect-no-changes", "--diff"]);
    await s.must(["refresh", "--yes", "--expect-no-changes"]);
    await s.expectNoChanges();
    await s.destroy();
  });
});
