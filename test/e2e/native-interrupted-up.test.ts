/**
 * A native `pulumi up` killed while it creates a pipe (the CLI's whole process group, SIGKILL,
 * after the POST landed and before the engine recorded the pipe), then the steps of
 * docs/native-provider.md: release the lock, drop the pending create, find the pipe's id in the next up's
 * refusal, `pulumi import` it, `pulumi up`. The service sees one POST and no delete; the state
 * holds the pipe once, under the program's name, with nothing pending.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

const PASSWORD = "native-interrupted-kafka-pw-5e0c3a";
const TYPE = "pipestack:index:Pipe";

let s: E2EStack;
const report: string[] = [];

beforeAll(async () => {
  // The pipe provisions for a while: the kill lands while the engine waits for it to run.
  s = await E2EStack.open({ program: "test/e2e/programs/native-pipe", secretConfig: { kafkaPassword: PASSWORD }, emulator: { stepMs: 3000 } });
}, 300_000);

afterAll(async () => {
  console.log(`native interrupted up:\n${report.join("\n")}`);
  await s?.close();
});

/** Requests the emulator received whose route starts with `method` and ends with `suffix`. */
const requests = (method: string, suffix: string) =>
  Object.entries(s.emulator.control.stats().byRoute)
    .filter(([route]) => route.startsWith(`${method} `) && route.endsWith(suffix))
    .reduce((n, [, c]) => n + c, 0);

/** The native pipes in state (ids), and the pending operations. */
async function state(): Promise<{ ids: string[]; pending: number }> {
  const exported = await s.exportState();
  const json = JSON.parse(exported.text) as { deployment?: { pending_operations?: unknown[] } };
  return { ids: exported.resources.filter((r) => r.type === TYPE).map((r) => r.id!), pending: json.deployment?.pending_operations?.length ?? 0 };
}

describe("native provider: recovering from an interrupted pulumi up with pulumi import", () => {
  it("kill -9 mid-create, then the documented steps: one pipe, in state once, no duplicate", async () => {
    const { child, done } = s.startDetached(["up", "--yes", "--skip-preview"]);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && s.pipes().length < 1) await new Promise((r) => setTimeout(r, 25));
    process.kill(-child.pid!, "SIGKILL");
    await done;
    const before = await state();
    const made = s.pipes();
    report.push(
      `  after the kill: ${requests("POST", "/pipes")} POST, ${made.length} pipe in the emulator (${made[0]?.name}), ${before.ids.length} in state, ${before.pending} pending`,
    );
    expect(made).toHaveLength(1);
    expect(before.ids).toEqual([]);
    expect(before.pending).toBe(1);
    const id = made[0].id as string;

    // Step 1: the dead run's lock.
    await s.must(["cancel", "--yes", "--stack", s.stack, "--cwd", s.programDir], false);
    // Step 2: the pending create goes.
    await s.must(["refresh", "--clear-pending-creates", "--yes"]);
    expect((await state()).pending).toBe(0);
    // Step 3: an up refuses the create before its POST, naming the pipe that holds the name and its id.
    const refused = await s.pulumi(["up", "--yes", "--skip-preview"]);
    report.push(`  the refused up: ${(refused.stdout.match(/.*already.*|.*adopt.*/g) ?? []).join(" / ").slice(0, 400)}`);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain(id);
    expect(requests("POST", "/pipes")).toBe(1);
    // Step 4: that pipe comes under management by id.
    const imported = await s.must(["import", TYPE, "events", id, "--yes", "--protect=false", "--generate-code=false"]);
    expect(imported.stdout).toMatch(/1 imported/);
    // Step 5: the program's pipe is that one; the update sends its credentials (and its name, if
    // the kill came before the temporary name was put right).
    await s.up();
    await s.expectNoChanges();

    const after = await state();
    const live = s.pipes();
    report.push(`  after recovery: ${requests("POST", "/pipes")} POST, ${live.length} pipe in the emulator (${live[0]?.name}), state ${after.ids.join(", ")}`);
    expect(requests("POST", "/pipes")).toBe(1);
    expect(requests("DELETE", "{pipeId}")).toBe(0);
    expect(live.map((p) => [p.id, p.name])).toEqual([[id, "events"]]);
    expect(after).toEqual({ ids: [id], pending: 0 });
    await s.assertNoPlaintextSecrets();
    await s.destroy();
    expect(s.pipes()).toEqual([]);
  }, 300_000);
});
