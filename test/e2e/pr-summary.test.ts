/**
 * `pipestack-pr-summary` on real previews: every resource kind of examples/gitops through every
 * kind of change (create, update in place, replace with the new object first, replace deleting
 * the old one first, delete, no change, drift found by `preview --refresh`), each preview run by
 * the CLI against the emulator and its comment checked.
 *
 * `PIPESTACK_RECORD_PREVIEWS=1` also writes each preview's JSON to test/unit/fixtures/previews/
 * (stack traces, source positions and the serialized provider text trimmed: nothing the summary
 * reads), where test/unit/pr-summary.test.ts reads them without the CLI.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";
import { previewComment } from "../../provider/pr-summary";
import { rawCall, rawJson } from "../support/raw-api";
import { storedPipes, storedStack } from "../support/stored";
import { until } from "./example-flow";
import { E2EStack, repoRoot } from "./harness";
import { trimPreview } from "./preview-record";

const TIMEOUT = 300_000;
const RECORD = process.env.PIPESTACK_RECORD_PREVIEWS === "1";
const FIXTURES = path.join(repoRoot, "test", "unit", "fixtures", "previews");
const KAFKA_PASSWORD = "kafka-pw-summary-41e9";

describe("pipestack-pr-summary on real previews of every change kind", () => {
  let stack: E2EStack;

  /** `pulumi preview --json --show-replacement-steps [...more]`: its comment, and the JSON recorded when asked. */
  async function preview(name: string, more: string[] = []): Promise<string> {
    const run = await stack.must(["preview", "--json", "--show-replacement-steps", ...more]);
    if (RECORD) {
      fs.mkdirSync(FIXTURES, { recursive: true });
      fs.writeFileSync(path.join(FIXTURES, `${name}.json`), `${JSON.stringify(trimPreview(JSON.parse(run.stdout)), null, 2)}\n`);
    }
    const comment = previewComment(run.stdout);
    console.log(`[e2e] pr-summary ${name}:\n${comment}`);
    for (const secret of stack.secretValues) expect(comment.includes(secret), `the comment holds a secret`).toBe(false);
    return comment;
  }

  const set = async (values: Record<string, string>) => {
    for (const [k, v] of Object.entries(values)) await stack.setConfig(k, v);
  };

  beforeAll(async () => {
    stack = await E2EStack.open({
      program: "examples/gitops",
      emulator: { stackApiVersion: "2.36.0" },
      config: { webhookId: SEEDED_WEBHOOK_ID, refundsPipe: "true" },
      secretConfig: { kafkaPassword: KAFKA_PASSWORD },
    });
  }, TIMEOUT);
  afterAll(async () => {
    await stack?.close();
  });

  it(
    "create: one row per resource; then no change: the count only",
    async () => {
      const created = await preview("create");
      expect(created).toMatch(/^### Pulumi preview: 6 to create, 0 unchanged/);
      for (const r of [
        "`orders` (Pipe)",
        "`refunds` (Pipe)",
        "`brokers` (ReversePrivateEndpoint)",
        "`orders-board` (StackDashboard)",
        "`orders-errors` (StackAlert)",
        "`orders-error-search` (StackSavedSearch)",
      ]) {
        expect(created).toContain(`| ${r} | create |`);
      }
      await stack.up();
      const same = await preview("no-change");
      expect(same).toBe("### Pulumi preview: 6 unchanged\n\nNo changes.\n");
    },
    TIMEOUT,
  );

  it(
    "update in place, every kind: each changed field old -> new, arrays by element",
    async () => {
      await set({
        replicas: "2",
        privateDnsName: "*.kafka.internal.example",
        dashboardName: "Orders v2",
        volumeWidth: "6",
        errorThreshold: "20",
        searchFilter: "level:error",
      });
      const c = await preview("update");
      expect(c).toMatch(/^### Pulumi preview: 5 to update, 1 unchanged/);
      expect(c).toContain("| `orders` (Pipe) | update | `scaling.replicas`: `1` → `2` |");
      expect(c).toContain(
        '| `brokers` (ReversePrivateEndpoint) | update | `customPrivateDnsMappings[0].privateDnsName`: `"*.kafka.internal"` → `"*.kafka.internal.example"` |',
      );
      expect(c).toContain('| `orders-board` (StackDashboard) | update | `name`: `"Orders"` → `"Orders v2"`<br>`tiles[1].w`: `4` → `6` |');
      expect(c).toContain("| `orders-errors` (StackAlert) | update | `threshold`: `10` → `20` |");
      expect(c).toContain('| `orders-error-search` (StackSavedSearch) | update | `where`: `"level:error service:orders"` → `"level:error"` |');
      await stack.up();
    },
    TIMEOUT,
  );

  it(
    "replace, the new object first: the reason, no loud line",
    async () => {
      // A new name, topic and table (nothing shared with the old pipe), a new endpoint service
      // and DNS name, and the stack objects moved to the open-source stack server.
      await set({
        pipeName: "orders-2",
        topics: "orders-v2",
        table: "orders_v2",
        endpointService: "com.example.vpce.region-1.vpce-svc-99999999999999999",
        privateDnsName: "*.kafka2.internal",
        "pipestack:stackUrl": stack.emulator.url,
      });
      await stack.setConfig("pipestack:stackToken", stack.emulator.options.stackToken, true);
      const c = await preview("replace");
      expect(c).toMatch(/^### Pulumi preview: 5 to replace, 1 unchanged/);
      expect(c).not.toContain("⚠️");
      expect(c).toContain('| `orders` (Pipe) | replace (new created first) | `destination.table`: `"orders"` → `"orders_v2"` **(replaces)**');
      expect(c).toContain("replaced because `destination.table`, `source.kafka.topics` cannot change in place");
      expect(c).toContain("| `brokers` (ReversePrivateEndpoint) | replace (new created first) | ");
      expect(c).toMatch(
        /\| `orders-board` \(StackDashboard\) \| replace \(new created first\) \| .*`stackUrl`: `\(none\)` → `"http:\/\/127\.0\.0\.1:\d+"` \*\*\(replaces\)\*\*/,
      );
      expect(c).toContain("replaced because `organizationId`, `serviceId`, `stackUrl` cannot change in place");
      await stack.up();
    },
    TIMEOUT,
  );

  it(
    "replace deleting the old object first: a loud line naming the gap",
    async () => {
      await set({ topics: "orders-v3", endpointService: "com.example.vpce.region-1.vpce-svc-88888888888888888" });
      const c = await preview("replace-delete-first");
      expect(c).toContain("> ⚠️ **orders (Pipe) is deleted before its replacement is created**: ingestion stops until the new pipe runs (an ingestion gap).");
      expect(c).toContain(
        "> ⚠️ **brokers (ReversePrivateEndpoint) is deleted before its replacement is created**: pipes reaching their source through it lose the connection",
      );
      expect(c).toContain("| `orders` (Pipe) | **replace, old deleted first** | ");
      expect(c).toContain(
        '`source.kafka.topics`: `"orders-v2"` → `"orders-v3"` **(replaces)**<br>replaced because `source.kafka.topics` cannot change in place |',
      );
      await stack.up();
    },
    TIMEOUT,
  );

  it(
    "an alias rename of a delete-first replacement: the old object's delete, under the old name, goes with the new name",
    async () => {
      await set({ pipeResourceName: "orders-main", topics: "orders-v4" });
      const c = await preview("replace-alias-rename");
      expect(c).toMatch(/^### Pulumi preview: 1 to replace, 5 unchanged/);
      expect(c).toContain(
        "> ⚠️ **orders-main (Pipe) is deleted before its replacement is created**: ingestion stops until the new pipe runs (an ingestion gap).",
      );
      expect(c).toContain("| `orders-main` (Pipe) | **replace, old deleted first** | ");
      expect(c).not.toContain("A replacement's order is not in this preview");
      // Back to what the state holds: the steps below start from it.
      await stack.removeConfig("pipeResourceName");
      await set({ topics: "orders-v3" });
    },
    TIMEOUT,
  );

  it(
    "delete: one row each",
    async () => {
      await set({ errorSearch: "false", refundsPipe: "false" });
      const c = await preview("delete");
      expect(c).toMatch(/^### Pulumi preview: 2 to delete, 4 unchanged/);
      expect(c).toContain("| `orders-error-search` (StackSavedSearch) | delete |  |");
      expect(c).toContain("| `refunds` (Pipe) | delete |  |");
      await stack.up();
    },
    TIMEOUT,
  );

  it(
    "drift: only with --refresh, apart from the program's changes; a deleted object is named",
    async () => {
      const board = storedStack(stack.emulator, "server").dashboards[0];
      const live = await rawJson(stack.emulator, "stack-server", "GET", `/dashboards/${board.id}`);
      await rawJson(stack.emulator, "stack-server", "PUT", `/dashboards/${board.id}`, { name: "Orders (edited)", tiles: live.tiles, tags: live.tags });
      const pipe = storedPipes(stack.emulator).find((p) => p.name === "orders-2")!;
      expect((await rawCall(stack.emulator, "cloud", "DELETE", `/pipes/${pipe.id}`)).status).toBeLessThan(300);
      await until(() => !storedPipes(stack.emulator).some((p) => p.id === pipe.id), "the pipe deleted outside Pulumi to be gone");
      await set({ errorThreshold: "30" });

      const plain = await preview("drift-without-refresh");
      expect(plain).not.toContain("Drift");
      expect(plain).toMatch(/^### Pulumi preview: 1 to update, 3 unchanged/);

      const c = await preview("drift", ["--refresh"]);
      expect(c).toContain("#### Drift: changed outside Pulumi, found by `--refresh` (not by this change)");
      expect(c).toContain('| `orders-board` (StackDashboard) | `name`: `"Orders v2"` → `"Orders (edited)"` |');
      expect(c).toContain("| `orders` (Pipe) | deleted outside Pulumi: this change creates it again |");
      expect(c).toContain("| `orders-errors` (StackAlert) | update | `threshold`: `20` → `30` |");
      expect(c).toContain("puts back what changed outside Pulumi: `name`");
    },
    TIMEOUT,
  );
});

describe("pipestack-pr-summary on a native provider's preview", () => {
  let stack: E2EStack;

  beforeAll(async () => {
    stack = await E2EStack.open({ program: "test/e2e/programs/native-pipe", secretConfig: { kafkaPassword: "native-pw-summary-1" } });
  }, TIMEOUT);
  afterAll(async () => {
    await stack?.close();
  });

  it(
    "a changed password is [secret] → [secret]; an added column is the one element added",
    async () => {
      await stack.up();
      await stack.setConfig("kafkaPassword", "native-pw-summary-2", true);
      stack.secretValues.push("native-pw-summary-2");
      await stack.setConfig("extraColumn", "true");
      const run = await stack.must(["preview", "--json", "--show-replacement-steps"]);
      if (RECORD) fs.writeFileSync(path.join(FIXTURES, "native-update.json"), `${JSON.stringify(trimPreview(JSON.parse(run.stdout)), null, 2)}\n`);
      const c = previewComment(run.stdout);
      console.log(`[e2e] pr-summary native-update:\n${c}`);
      for (const secret of stack.secretValues) expect(c.includes(secret), "the comment holds a secret").toBe(false);
      expect(c).toContain("`sourceSecrets`: `[secret]` → `[secret]`");
      expect(c).toContain('`destination.columns[1]`: `(none)` → `{"name":"note","type":"String"}`');
    },
    TIMEOUT,
  );
});
