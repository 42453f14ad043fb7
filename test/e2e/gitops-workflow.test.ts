/**
 * examples/gitops/ci-workflow.yml, run as CI would run it: its shell steps, in a copy of the
 * infra repository (examples/gitops) with the package installed, against the emulator, with a
 * local server standing in for the pull request's comments endpoint.
 *
 * The story: merge deploys (`up` job); someone edits the dashboard by hand (drift): a plain
 * `preview --expect-no-changes` still passes, the nightly `drift` job fails; a pull request changes
 * the program: the `preview` job posts one comment with the changes, the delete-before-replace
 * and the drift apart, and no secret; merging puts everything back, and the drift job passes again.
 */
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";
import { startTestEmulator } from "../support/emulator";
import { rawJson } from "../support/raw-api";
import { storedEndpoints, storedPipes, storedStack } from "../support/stored";
import { readWorkflow, runJob, type StepRun, type Workflow } from "../support/workflow";
import { pulumiBin, repoRoot } from "./harness";

const TIMEOUT = 300_000;
const KAFKA_PASSWORD = "kafka-pw-gitops-7c1d";

describe("examples/gitops/ci-workflow.yml", () => {
  let workflow: Workflow;
  let emulator: Emulator;
  let tmp: string;
  let infra: string;
  let env: NodeJS.ProcessEnv;
  let server: http.Server;
  const comments: { authorization?: string; body: string }[] = [];

  /** A command in the infra repository (what the committed stack config stands for). */
  const sh = (script: string) => runJob({ name: "setup", on: {}, jobs: { setup: { "runs-on": "local", steps: [{ run: script }] } } }, "setup", infra, env);
  const job = (name: string) => runJob(workflow, name, infra, env);
  const ok = (runs: StepRun[]) => {
    for (const r of runs) expect(r.code, `${r.step}\n${r.output}`).toBe(0);
    return runs;
  };

  beforeAll(async () => {
    workflow = readWorkflow(path.join(repoRoot, "examples", "gitops", "ci-workflow.yml"));
    emulator = await startTestEmulator({ stackApiVersion: "2.36.0", stepMs: 20 });
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (d: Buffer) => (body += d.toString()));
      req.on("end", () => {
        comments.push({ authorization: req.headers.authorization, body });
        res.writeHead(201, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));

    // The infra repository as a user has it: the program, its tsconfig, the package installed
    // (node_modules entries link to this checkout's; the package's command in .bin).
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-gitops-"));
    infra = path.join(tmp, "infra");
    fs.mkdirSync(infra);
    for (const f of ["Pulumi.yaml", "index.ts"]) fs.copyFileSync(path.join(repoRoot, "examples", "gitops", f), path.join(infra, f));
    fs.copyFileSync(path.join(repoRoot, "examples", "tsconfig.json"), path.join(tmp, "tsconfig.json"));
    const modules = path.join(tmp, "node_modules");
    fs.mkdirSync(path.join(modules, ".bin"), { recursive: true });
    for (const entry of fs.readdirSync(path.join(repoRoot, "node_modules"))) {
      if (entry !== ".bin") fs.symlinkSync(path.join(repoRoot, "node_modules", entry), path.join(modules, entry));
    }
    fs.symlinkSync(path.join(repoRoot, "bin", "pipestack-pr-summary.js"), path.join(modules, ".bin", "pipestack-pr-summary"));

    const base: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!/^(PULUMI_|PIPESTACK_|npm_)/.test(k)) base[k] = v;
    env = {
      ...base,
      PATH: [await pulumiBin(), path.join(repoRoot, "node_modules", "@pulumi", "pulumi"), process.env.PATH].join(path.delimiter),
      PULUMI_HOME: path.join(tmp, "home"),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_NODEJS_TRANSPILE_ONLY: "true",
      NO_COLOR: "1",
      // The workflow's env, with real values for its CI expressions.
      STACK: "prod",
      PULUMI_BACKEND_URL: `file://${path.join(tmp, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "gitops-passphrase",
      PIPESTACK_KEY_ID: emulator.options.keyId,
      PIPESTACK_KEY_SECRET: emulator.options.keySecret,
      COMMENTS_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pulls/7/comments`,
      COMMENT_TOKEN: "comment-token-1",
    };
    fs.mkdirSync(path.join(tmp, "backend"));

    // What the repository commits: Pulumi.prod.yaml with the stack's settings.
    ok(
      await sh(
        [
          "pulumi stack init prod --non-interactive",
          `pulumi config set pipestack:apiUrl ${emulator.url}`,
          `pulumi config set pipestack:organizationId ${emulator.options.organizationId}`,
          `pulumi config set pipestack:serviceId ${emulator.options.serviceId}`,
          "pulumi config set pipestack:pollIntervalMs 20",
          `pulumi config set webhookId ${SEEDED_WEBHOOK_ID}`,
          `pulumi config set --secret kafkaPassword ${KAFKA_PASSWORD}`,
        ].join("\n"),
      ),
    );
  }, TIMEOUT);

  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await emulator?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("parses: preview on pull request, up on merge to main, drift check on a schedule, each a job with shell steps", () => {
    expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push", "schedule"]);
    expect(workflow.on.push).toEqual({ branches: ["main"] });
    expect(workflow.jobs.preview.if).toContain("pull_request");
    expect(workflow.jobs.up.if).toContain("push");
    expect(workflow.jobs.drift.if).toContain("schedule");
    const script = (j: string) => workflow.jobs[j].steps.map((s) => s.run ?? "").join("\n");
    expect(script("preview")).toMatch(/pulumi preview --refresh --json --show-replacement-steps/);
    expect(script("preview")).toMatch(/npx pipestack-pr-summary/);
    expect(script("up")).toMatch(/pulumi up --yes --non-interactive/);
    expect(script("drift")).toMatch(/pulumi preview --refresh --expect-no-changes/);
    // Every variable the workflow declares, the test gives a value.
    const declared = [workflow.env, ...Object.values(workflow.jobs).flatMap((j) => [j.env, ...j.steps.map((s) => s.env)])].flatMap((e) => Object.keys(e ?? {}));
    expect(declared.filter((k) => env[k] === undefined)).toEqual([]);
  });

  it(
    "the up job deploys every resource on merge",
    async () => {
      ok(await job("up"));
      expect(storedPipes(emulator)).toHaveLength(1);
      expect(storedEndpoints(emulator).filter((e) => e.description === "orders brokers")).toHaveLength(1);
      const stack = storedStack(emulator, "cloud");
      expect([stack.dashboards.length, stack.alerts.length, stack.savedSearches.length]).toEqual([1, 1, 1]);
    },
    TIMEOUT,
  );

  it(
    "drift: plain preview --expect-no-changes passes, the drift job (preview --refresh --expect-no-changes) fails",
    async () => {
      const board = storedStack(emulator, "cloud").dashboards[0];
      const live = await rawJson(emulator, "stack-cloud", "GET", `/dashboards/${board.id}`);
      await rawJson(emulator, "stack-cloud", "PUT", `/dashboards/${board.id}`, { name: "Orders (edited by hand)", tiles: live.tiles, tags: live.tags });

      const plain = await sh("pulumi preview --expect-no-changes --non-interactive");
      expect(plain[0].code, plain[0].output).toBe(0);
      expect(plain[0].output).toMatch(/6 unchanged/);

      const drift = await job("drift");
      const last = drift[drift.length - 1];
      expect(last.code, last.output).not.toBe(0);
      expect(last.output).toMatch(/no changes were expected/);
      expect(last.output).toContain("Orders (edited by hand)");
      // Previews change nothing.
      expect(storedStack(emulator, "cloud").dashboards[0].name).toBe("Orders (edited by hand)");
    },
    TIMEOUT,
  );

  it(
    "the preview job posts one comment: changed fields, the delete-before-replace, drift apart, no secret",
    async () => {
      ok(
        await sh(
          ["topics orders-v2", "volumeWidth 6", "errorThreshold 20", "errorSearch false", "refundsPipe true"].map((c) => `pulumi config set ${c}`).join("\n"),
        ),
      );
      ok(await sh(`pulumi config set --secret kafkaPassword ${KAFKA_PASSWORD}-rotated`));
      const before = comments.length;
      ok(await job("preview"));
      expect(comments.length - before).toBe(1);
      const posted = comments[comments.length - 1];
      expect(posted.authorization).toBe("Bearer comment-token-1");
      const comment = (JSON.parse(posted.body) as { body: string }).body;
      console.log(`[e2e] gitops pull-request comment:\n${comment}`);

      expect(comment).toMatch(/^### Preview of prod: 1 to create, 2 to update, 1 to replace, 1 to delete, 1 unchanged/);
      expect(comment).toContain("⚠️ **orders (Pipe) is deleted before its replacement is created**: ingestion stops until the new pipe runs");
      expect(comment).toContain('| `orders` (Pipe) | **replace, old deleted first** | `source.kafka.topics`: `"orders"` → `"orders-v2"` **(replaces)**');
      expect(comment).toContain("| `orders-board` (StackDashboard) | update | `tiles[1].w`: `4` → `6`<br>puts back what changed outside Pulumi: `name` |");
      expect(comment).toContain("| `orders-errors` (StackAlert) | update | `threshold`: `10` → `20` |");
      expect(comment).toContain("| `orders-error-search` (StackSavedSearch) | delete |");
      expect(comment).toContain("| `refunds` (Pipe) | create |");
      expect(comment).toContain("#### Drift: changed outside Pulumi, found by `--refresh` (not by this change)");
      expect(comment).toContain('| `orders-board` (StackDashboard) | `name`: `"Orders"` → `"Orders (edited by hand)"` |');
      for (const secret of [KAFKA_PASSWORD, emulator.options.keySecret]) expect(comment).not.toContain(secret);
      // The README shows this very comment (section "Pull-request previews").
      expect(fs.readFileSync(path.join(repoRoot, "README.md"), "utf8")).toContain(`\`\`\`md\n${comment.trim()}\n\`\`\``);
      // Nothing was applied.
      expect(storedPipes(emulator).map((p) => p.name)).toEqual(["orders"]);
    },
    TIMEOUT,
  );

  it(
    "merging applies the change and puts the drift back: the drift job passes",
    async () => {
      ok(await job("up"));
      expect(
        storedPipes(emulator)
          .map((p) => p.name)
          .sort(),
      ).toEqual(["orders", "refunds"]);
      expect(storedStack(emulator, "cloud").dashboards[0].name).toBe("Orders");
      ok(await job("drift"));
    },
    TIMEOUT,
  );
});
