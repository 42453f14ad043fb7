/**
 * Webhook credentials through the real CLI, on both faces (issue 33, items 1, 10 and 11): a
 * webhook whose header and query parameter are plain strings, and one whose are secrets
 * (`pulumi.secret`, `fn::secret`), beside a connection whose password is a plain string (issue 42). Every value of every generation the program went through is
 * searched in six encodings (raw, JSON-escaped, base64, base64url, URL-encoded, hex) in
 * `preview --json`, `up --json` (the create), `up --debug --diff` (an update with its preview), the
 * exported state, every file of the stack's folder (state, history, logs), the
 * stack outputs (shown), and the error of an update the server refuses while echoing the old
 * and the new credentials. That error carries no stack frame, and is said once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { yamlHost } from "./yaml-host";
import { shownIn, ENCODINGS } from "../support/secret-encodings";
import { HOOK_SECRETS, hookSecret } from "./programs/webhook-secrets/secrets";

const FACES = [
  { face: "dynamic", program: "test/e2e/programs/webhook-secrets", yaml: false },
  { face: "native", program: "test/e2e/programs/native-webhook-secrets", yaml: true },
] as const;

/** Every credential of generations 1 to 3 (the last one only ever refused). */
const SECRETS = ["1", "2", "3"].flatMap((g) => HOOK_SECRETS.map((what) => hookSecret(what, g)));

/** The refusal the server answers the third generation's update with, echoing the old credentials (and the new). */
const REFUSAL = "the receiver refused the webhook's credentials";

/** The CLI's last `Diagnostics:` section (a destroy previews first): every error and message once per resource. */
function diagnostics(text: string): string {
  const from = text.lastIndexOf("Diagnostics:");
  const rest = text.slice(from);
  const end = rest.search(/\n(Outputs|Resources):\n/);
  return from < 0 ? "" : end < 0 ? rest : rest.slice(0, end);
}

describe.each(FACES)("$face face: webhook credentials in no output", ({ face, program, yaml }) => {
  let s: E2EStack;
  const outputs = new Map<string, string>();
  const report: string[] = [];
  let refused: { code: number; text: string };
  let refusedDelete: { code: number; text: string };

  beforeAll(async () => {
    s = await E2EStack.open({
      program,
      stackServer: true,
      emulator: { stackApiVersion: "2.36.0" },
      path: yaml ? [await yamlHost()] : [],
    });
    const keep = (name: string, run: { stdout: string; stderr: string }) => outputs.set(name, `${run.stdout}\n${run.stderr}`);
    keep("preview --json", await s.must(["preview", "--json"]));
    keep("up --json (create)", await s.must(["up", "--yes", "--skip-preview", "--json"]));
    await s.setConfig("generation", "2");
    keep("preview --json (update)", await s.must(["preview", "--json"]));
    // With its preview: a preview's registration answers with the checked inputs, which the SDK logs at debug level.
    keep("up --debug --diff (update)", await s.must(["up", "--yes", "--debug", "--diff"]));
    keep("preview --json (no changes)", await s.must(["preview", "--json", "--expect-no-changes"]));
    keep("stack export", { stdout: (await s.exportState()).text, stderr: "" });
    keep("stack output --show-secrets", { stdout: JSON.stringify(await s.outputs(true)), stderr: "" });
    keep("refresh --debug", await s.must(["refresh", "--yes", "--debug"]));
    // The server refuses the next update of each webhook, quoting its old and new credentials.
    const ids = await s.outputs();
    const own = { [String(ids.plainId)]: ["bearer-plain", "query-plain"], [String(ids.secretId)]: ["bearer-secret", "query-secret"] };
    for (const [id, whats] of Object.entries(own)) {
      const echo = (g: string) =>
        whats
          .map((what) => hookSecret(what, g))
          .map((v) => [v, ENCODINGS["json-escaped"](v), ENCODINGS.base64(v), ENCODINGS["url-encoded"](v)].join(" "))
          .join(" | ");
      s.emulator.control.script({ method: "PUT", path: `/webhooks/${id}$`, status: 400, body: { message: `${REFUSAL}: ${echo("2")} | ${echo("3")}` } });
    }
    await s.setConfig("generation", "3");
    const run = await s.pulumi(["up", "--yes", "--skip-preview"]);
    s.emulator.control.clearScripts();
    refused = { code: run.code, text: `${run.stdout}\n${run.stderr}` };
    outputs.set("refused update", refused.text);
    await s.setConfig("generation", "2");
    // The server refuses each delete, quoting the credentials the state holds only as fingerprints.
    for (const [id, whats] of Object.entries(own)) {
      const echo = whats.map((what) => hookSecret(what, "2")).map((v) => [v, ENCODINGS["json-escaped"](v), ENCODINGS.base64(v)].join(" "));
      s.emulator.control.script({ method: "DELETE", path: `/webhooks/${id}$`, status: 409, body: { message: `${REFUSAL}: ${echo.join(" | ")}` } });
    }
    const destroy = await s.pulumi(["destroy", "--yes"]);
    s.emulator.control.clearScripts();
    refusedDelete = { code: destroy.code, text: `${destroy.stdout}\n${destroy.stderr}` };
    outputs.set("refused destroy", refusedDelete.text);
    outputs.set("the stack's files", s.storedFiles());
    await s.destroy();
  }, 600_000);

  afterAll(async () => {
    console.log(`${face} face, webhook credentials (${SECRETS.length} values, 6 encodings each):\n${report.join("\n")}`);
    await s?.close();
  });

  it.each([
    "preview --json",
    "up --json (create)",
    "preview --json (update)",
    "up --debug --diff (update)",
    "preview --json (no changes)",
    "stack export",
    "stack output --show-secrets",
    "refresh --debug",
    "refused update",
    "refused destroy",
    "the stack's files",
  ])("%s shows no credential", (name) => {
    const text = outputs.get(name);
    expect(text, `${name} was captured`).toBeTruthy();
    const found = shownIn(text!, SECRETS);
    report.push(`  ${name}: ${text!.length} chars, ${found.length ? `LEAKS ${found.join(", ")}` : "no credential"}`);
    // Where: the lines that show a raw value (the first few), so a leak names its source.
    const shown = text!.split("\n").filter((line) => SECRETS.some((v) => line.includes(v)));
    const masked = (line: string) => SECRETS.reduce((l, v) => l.split(v).join("<credential>"), line).slice(0, 400);
    if (shown.length) report.push(...shown.slice(0, 3).map((line) => `    at: ${masked(line)}`));
    expect(found, `${name} shows`).toEqual([]);
  });

  it("the stack outputs hold fingerprints of the maps, never their values", () => {
    const shown = JSON.parse(outputs.get("stack output --show-secrets")!) as Record<string, Record<string, string>>;
    expect(shown.plainHeaders.Authorization).toMatch(/^hmac-sha256:/);
    expect(shown.secretQueryParams.key).toMatch(/^hmac-sha256:/);
  });

  it.each([
    ["update", () => refused],
    ["destroy", () => refusedDelete],
  ])("a refused %s fails with the server's refusal, said once per webhook, blanked, with no stack frame", (what, run) => {
    const { code, text } = run();
    expect(code).not.toBe(0);
    expect(text).toMatch(new RegExp(`-> 40[09] HTTP_40[09]: ${REFUSAL}: \\[secret\\]`));
    expect(text, "no Node stack frame").not.toMatch(/^\s+at /m);
    const said = diagnostics(text).split(REFUSAL).length - 1;
    const closing = text.includes("client connection is closing");
    report.push(`  refused ${what}: the refusal said ${said} times in the diagnostics for 2 webhooks; "client connection is closing": ${closing}`);
    // Once per webhook whose step ran: the engine starts no new step after the first failure, so
    // under load the second webhook's may never run. Before the rule each refusal was said 3 times.
    expect(said, "at least one webhook's refusal").toBeGreaterThanOrEqual(1);
    expect(said, "one error per webhook, never repeated").toBeLessThanOrEqual(2);
    expect(closing).toBe(false);
  });
});

describe.each(FACES)("$face face: a refusal at preview", ({ program, yaml }) => {
  let s: E2EStack;
  afterAll(() => s?.close());

  it("a first-generation server's refusal of webhooks is said once per webhook, with no stack frame", async () => {
    s = await E2EStack.open({ program, stackServer: true, emulator: { stackApiVersion: "2.0.0" }, path: yaml ? [await yamlHost()] : [] });
    const run = await s.pulumi(["preview"]);
    const text = `${run.stdout}\n${run.stderr}`;
    expect(run.code).not.toBe(0);
    expect(text).toContain("first generation of the stack API, which has no webhooks");
    expect(text, "no Node stack frame").not.toMatch(/^\s+at /m);
    expect(text).not.toContain("client connection is closing");
  }, 300_000);
});
