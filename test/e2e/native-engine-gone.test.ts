import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { isMarker } from "../../provider/engine/create-once";
import { nodeProcesses } from "./processes";
import { yamlHost } from "./yaml-host";

/**
 * The native face of test/e2e/engine-gone.test.ts: a `kill -9` of the CLI's whole process group
 * while a YAML program's pipes are being created. The plugin, `pulumi-resource-pipestack`, runs
 * in a process group of its own: it must exit at once, so no request reaches the API after the
 * ones already on the wire. Pipes settle slowly here (3 s a step), so without the plugin's
 * watchdog its polls would go on long after the kill.
 */
const PIPES = 2;
let s: E2EStack;
const report: string[] = [];

beforeAll(async () => {
  s = await E2EStack.open({
    program: "test/e2e/programs/native-yaml",
    stackServer: true,
    // Polls 0.5 s apart: each pipe has at most one request on the wire at any moment.
    config: { "pipestack:pollIntervalMs": "500" },
    secretConfig: { kafkaPassword: "native-engine-gone-kafka-pw-84d2" },
    emulator: { latencyMs: 100, stepMs: 3000 },
    path: [await yamlHost()],
  });
}, 600_000);

afterAll(async () => {
  console.log(`native engine gone (kill -9 of the CLI's process group):\n${report.join("\n")}`);
  await s?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The route of a pipe's polls (a GET of the pipe). */
const POLL = "GET /v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}";

/** Requests of any other route so far: the other resources' work (the dashboard, the function call). */
function others(): number {
  const { requests, byRoute } = s.emulator.control.stats();
  return requests - (byRoute[POLL] ?? 0);
}

/** Pids of this stack's plugin processes still alive. */
const pluginProcesses = () => nodeProcesses("pulumi-resource-pipestack", `${s.tmp}/home`);

describe("the native plugin when the engine goes away", () => {
  it("exits within a second of a kill -9 of the CLI's process group; no request after the kill", async () => {
    const { child, done } = s.startDetached(["up", "--yes", "--skip-preview"]);
    const deadline = Date.now() + 120_000;
    // Created and renamed from its create's marker: each pipe is then only polled, one request at a time.
    const polled = () => s.pipes().filter((p) => !isMarker(p.name)).length;
    while (Date.now() < deadline && polled() < PIPES) await sleep(20);
    expect(polled()).toBe(PIPES);
    // The dashboard and the function call run beside the pipes: wait until only polls arrive,
    // so every request counted after the kill is one a pipe's poll loop sent.
    let quiet = others();
    for (let still = 0; Date.now() < deadline && still < 3;) {
      await sleep(200);
      const now = others();
      still = now === quiet ? still + 1 : 0;
      quiet = now;
    }
    expect(polled()).toBe(PIPES);
    // Every pipe is being polled until it settles (several 3 s steps away).
    expect(pluginProcesses().length).toBeGreaterThan(0);
    const atKill = s.emulator.control.stats().requests;
    const othersAtKill = others();
    const killed = Date.now();
    process.kill(-child.pid!, "SIGKILL");
    await done;
    let goneMs = -1;
    while (Date.now() - killed < 6000) {
      if (pluginProcesses().length === 0) {
        goneMs = Date.now() - killed;
        break;
      }
      await sleep(20);
    }
    await sleep(Math.max(0, 1000 - (Date.now() - killed)));
    const after1s = s.emulator.control.stats().requests;
    await sleep(5000);
    const after6s = s.emulator.control.stats().requests;
    report.push(`  plugin process gone ${goneMs < 0 ? "never (6 s)" : `${goneMs} ms`} after the kill`);
    report.push(`  requests arriving after the kill: ${after1s - atKill} within 1 s, ${after6s - after1s} from 1 s to 6 s`);
    expect(goneMs).toBeGreaterThanOrEqual(0);
    expect(goneMs).toBeLessThan(3000);
    // At most the requests already on the wire, one per pipe being polled, land after the kill;
    // none after that.
    expect(others() - othersAtKill, "requests other than pipe polls after the kill").toBe(0);
    expect(after1s - atKill).toBeLessThanOrEqual(PIPES);
    expect(after6s - after1s).toBe(0);
  }, 600_000);
});
