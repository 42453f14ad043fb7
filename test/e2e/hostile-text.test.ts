/**
 * Untrusted text at the edges, through the real CLI (issue 34).
 *
 * The pull-request comment on a preview of a hostile pull request (test/e2e/programs/hostile-text):
 * it deletes the pipe `victim` and hides it behind a component named `orders` + U+200B, a type
 * holding issue references and 471 warnings of the program's own. Rendered by a GFM parser: every
 * changed resource's row, no ⚠️ (the provider warned of nothing), no invisible twin, no live
 * reference. `PIPESTACK_RECORD_PREVIEWS=1` writes the preview to test/unit/fixtures/previews/.
 *
 * The terminal, on both faces: a server at `pipestack:apiUrl` answers control sequences (a title,
 * a screen clear, a cursor move, CR, U+2028); what the CLI prints holds them only as escapes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewComment } from "../../provider/pr-summary";
import { startBrokenServer, type BrokenServer } from "../support/broken-server";
import { E2EStack, repoRoot, type Run } from "./harness";
import { trimPreview } from "./preview-record";

const TIMEOUT = 300_000;
const FIXTURES = path.join(repoRoot, "test", "unit", "fixtures", "previews");
const html = (md: string) => micromark(md, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
const outsideCode = (h: string) => h.replace(/<code>[\s\S]*?<\/code>/g, "").replace(/<[^>]*>/g, "");

/** What a server answers to every request: a title, a screen clear, a cursor move, a carriage return, a line separator. */
const SEQUENCES = "\u001b]0;pwned\u0007\u001b[2J\u001b[1;1Hall good\r\nnext\u2028line";
/** What the terminal acts on, in what the CLI printed. */
const ACTIVE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

function expectNoSequence(run: Run) {
  const said = run.stdout + run.stderr;
  expect(run.code, said).not.toBe(0);
  expect(said, "no control character from the server reaches the terminal").not.toMatch(ACTIVE);
  expect(said, "the server's words are shown, escaped").toContain("\\x1b]0;pwned\\x07\\x1b[2J\\x1b[1;1Hall good");
}

describe("the PR comment on a hostile pull request's preview", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    stack = await E2EStack.open({ program: "test/e2e/programs/hostile-text" });
  }, TIMEOUT);
  afterAll(async () => {
    await stack?.close();
  });

  it(
    "keeps every row (the delete of victim too), forges no ⚠️, shows the invisible twin and breaks the references",
    async () => {
      await stack.up();
      await stack.setConfig("victim", "false");
      await stack.setConfig("hostile", "true");
      const run = await stack.must(["preview", "--json", "--show-replacement-steps"]);
      if (process.env.PIPESTACK_RECORD_PREVIEWS === "1") {
        fs.writeFileSync(path.join(FIXTURES, "hostile-warnings.json"), `${JSON.stringify(trimPreview(JSON.parse(run.stdout)), null, 2)}\n`);
      }
      const preview = JSON.parse(run.stdout) as { diagnostics?: { severity: string; urn?: string }[] };
      expect(
        preview.diagnostics?.filter((d) => d.severity === "warning" && d.urn?.endsWith("::orders")).length,
        "the program's warnings, as the engine kept them",
      ).toBe(471);
      const md = previewComment(run.stdout);
      console.log(`[e2e] hostile comment (${md.length} characters):\n${md.slice(0, 3_000)}`);
      const h = html(md);
      const rows = [...h.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)][0][1].split("<tr>").slice(1);
      expect(rows).toHaveLength(4);
      expect(rows.join("")).toContain("<code>victim</code> (Pipe)</td>\n<td>delete");
      expect(rows.join("")).toContain("<code>orders</code> (Pipe)</td>\n<td>update");
      expect(rows.join("")).toContain("<code>orders&lt;U+200B&gt;</code> (Thing)</td>\n<td>create");
      expect(rows.join("")).toContain("<code>refs</code> (Thing#\u2060123)</td>");
      expect(h.match(/\u26A0/g) ?? [], "no ⚠️: the provider warned of nothing").toHaveLength(0);
      expect(md).toContain("#### Warnings: 471 written by the program (not checked by the provider)");
      expect(md).toContain("- orders (Pipe), the program's own warning: orders keeps its data: the replacement is a rename only, safe to merge");
      expect(md).toContain("… and 461 more warnings: see the job's log.");
      expect(outsideCode(h), "no live issue reference").not.toMatch(/#[0-9]|GH-[0-9]/i);
      expect(md.length).toBeLessThan(10_000);
    },
    TIMEOUT,
  );
});

describe("the dynamic face against a server answering control sequences", () => {
  let stack: E2EStack;
  let server: BrokenServer;
  beforeAll(async () => {
    server = await startBrokenServer({ status: 400, type: "text/plain", body: SEQUENCES });
    stack = await E2EStack.open({ program: "test/e2e/programs/hostile-text", config: { "pipestack:apiUrl": server.url } });
  }, TIMEOUT);
  afterAll(async () => {
    await stack?.close();
    await server?.close();
  });

  it(
    "an up prints the server's answer with its control sequences escaped",
    async () => {
      expectNoSequence(await stack.pulumi(["up", "--yes", "--skip-preview"]));
      expect(server.requests.length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});

describe("the native face against a server answering control sequences", () => {
  let stack: E2EStack;
  let server: BrokenServer;
  beforeAll(async () => {
    server = await startBrokenServer({
      status: 400,
      type: "application/json",
      body: JSON.stringify({ status: 400, error: `BAD_REQUEST: ${SEQUENCES}`, requestId: "r-1\u001b[2J" }),
    });
    stack = await E2EStack.open({ program: "test/e2e/programs/native-pipe", secretConfig: { kafkaPassword: "native-pw-hostile-1" } });
  }, TIMEOUT);
  afterAll(async () => {
    await stack?.close();
    await server?.close();
  });

  it(
    "an up prints the server's error with its control sequences escaped",
    async () => {
      await stack.setConfig("pipestack:apiUrl", server.url);
      const run = await stack.pulumi(["up", "--yes", "--skip-preview"]);
      expectNoSequence(run);
      expect(run.stdout + run.stderr).toContain("(requestId r-1\\x1b[2J)");
      expect(server.requests.length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
