/**
 * Every secret field of every resource, passed as a PLAIN string by the program, searched for in
 * every form it may take (plaintext, JSON-escaped, URL- and form-encoded as `encodeURIComponent`
 * and `URLSearchParams` write them, base64 and base64url also inside a longer text, a key file's
 * secret fields and each line of a multi-line key) in everything a user or a CI log sees:
 * `preview --json`, `preview --debug`, `up --json`, `up --debug`, the exported state, every file
 * of the local backend folder (checkpoint, history, backups), and the errors of a refresh (GET)
 * and a destroy (DELETE) whose API answers echo every credential.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secretForms, secretParts } from "../../provider/client/redact";
import { E2EStack, resourcesOf } from "./harness";
import { PLAIN } from "./programs/plain-secrets/secrets";

let s: E2EStack;
/** What was searched, by output name. */
const outputs = new Map<string, string>();
const report: string[] = [];

/** Each secret's searchable forms, with the field it belongs to. */
const needles: { field: string; form: string }[] = Object.entries(PLAIN).flatMap(([field, secret]) =>
  [secret, ...secretParts(secret)].flatMap((one) => secretForms(one).map((form) => ({ field, form }))),
);

/** The fields whose credential shows in `text`, in any form. */
function leaks(text: string): string[] {
  return [...new Set(needles.filter((n) => text.includes(n.form)).map((n) => n.field))];
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Each resource of the program and the credentials it holds (and so may see echoed). */
const OWN: Record<string, (keyof typeof PLAIN)[]> = {
  kafka: ["kafkaPassword", "registryPassword", "keySecret"],
  "object-key": ["objectSecretKey", "keySecret"],
  "object-conn": ["connectionString", "keySecret"],
  "object-sa": ["objectServiceAccountKey", "keySecret"],
  kinesis: ["kinesisSecretKey", "keySecret"],
  postgres: ["postgresPassword", "keySecret"],
  pubsub: ["pubsubKeyFile", "keySecret"],
  mysql: ["mysqlPassword", "keySecret"],
  mongodb: ["mongodbPassword", "keySecret"],
  bigquery: ["bigqueryKeyFile", "keySecret"],
  connected: ["keySecret"],
  board: ["stackToken"],
};

/** An API error body echoing credentials in several forms: plain, `URLSearchParams`, base64url inside a longer text, a key file's private key id. */
function echo(fields: readonly (keyof typeof PLAIN)[]): string {
  return fields
    .map((f) => PLAIN[f])
    .map(
      (v) =>
        `${v} ${new URLSearchParams({ p: v }).toString()} ${Buffer.from(`u:${v}`).toString("base64url")} ${/private_key_id":"([^"]+)/.exec(Buffer.from(v, "base64").toString())?.[1] ?? ""}`,
    )
    .join(" | ");
}

/** Every GET (or DELETE) of each resource answers 400, echoing that resource's own credentials. */
function echoOwn(method: string, ids: Record<string, string>): void {
  for (const [name, id] of Object.entries(ids)) {
    const fault = {
      status: 400,
      body: { status: 400, error: `BAD_REQUEST: ${echo(OWN[name])}`, message: `bad request: ${echo(OWN[name])}`, requestId: "req-echo" },
    };
    s.emulator.control.script({ method, path: `/${id}$`, count: 100, ...fault });
  }
}

beforeAll(async () => {
  s = await E2EStack.open({
    program: "test/e2e/programs/plain-secrets",
    stackServer: true,
    checkpointBackups: true,
    emulator: { keySecret: PLAIN.keySecret, stackToken: PLAIN.stackToken },
  });
  const keep = (name: string, run: { stdout: string; stderr: string }) => outputs.set(name, `${run.stdout}\n${run.stderr}`);
  keep("preview --json", await s.must(["preview", "--json"]));
  keep("preview --debug", await s.must(["preview", "--debug"]));
  keep("up --json", await s.must(["up", "--yes", "--skip-preview", "--json"]));
  keep("up --debug", await s.must(["up", "--yes", "--skip-preview", "--debug"]));
  keep("preview --json (no changes)", await s.must(["preview", "--json"]));
  const exported = await s.exportState();
  keep("stack export", { stdout: exported.text, stderr: "" });
  const ids = Object.fromEntries(exported.resources.filter((r) => r.id && r.urn.includes("pipestack:")).map((r) => [r.urn.split("::").pop()!, r.id!]));
  expect(Object.keys(ids).sort()).toEqual(Object.keys(OWN).sort());
  // A refresh whose every GET fails, each echoing the resource's own credentials; then a destroy whose DELETEs do.
  echoOwn("GET", ids);
  const refresh = await s.pulumi(["refresh", "--yes"]);
  keep("refresh errors", refresh);
  s.emulator.control.clearScripts();
  echoOwn("DELETE", ids);
  const destroy = await s.pulumi(["destroy", "--yes"]);
  keep("destroy errors", destroy);
  s.emulator.control.clearScripts();
  report.push(`  refresh exit ${refresh.code}, destroy exit ${destroy.code} (both must fail: every GET and DELETE answered 400)`);
  expect(refresh.code).not.toBe(0);
  expect(destroy.code).not.toBe(0);
  expect(refresh.stdout + refresh.stderr).toContain("[secret]");
  expect(destroy.stdout + destroy.stderr).toContain("[secret]");
  const backend = filesUnder(path.join(s.tmp, "backend"));
  report.push(`  backend folder: ${backend.length} files (${backend.filter((f) => f.includes(".bak") || f.includes("backups")).length} backups)`);
  outputs.set("backend folder (state, history, backups)", backend.map((f) => fs.readFileSync(f, "latin1")).join("\n"));
  await s.destroy();
}, 600_000);

afterAll(async () => {
  console.log(`plain-string secrets (${Object.keys(PLAIN).length} fields, ${needles.length} forms):\n${report.join("\n")}`);
  await s?.close();
});

describe("credentials passed as plain strings are in no output, in no form", () => {
  it("the program made one resource per secret field", async () => {
    // Destroyed at the end: the count comes from the first export.
    const exported = JSON.parse(outputs.get("stack export")!) as { deployment?: { resources?: { type: string }[] } };
    const resources = exported.deployment?.resources ?? [];
    expect(resourcesOf(resources as never, "pipestack:Pipe")).toHaveLength(11);
    expect(resourcesOf(resources as never, "pipestack:StackDashboard")).toHaveLength(1);
  });

  it.each([
    "preview --json",
    // The engine answers a preview's registration with the checked inputs, which the SDK logs at
    // debug level: they hold the credentials sealed only (provider/engine/sealed-inputs.ts).
    "preview --debug",
    "up --json",
    "up --debug",
    "preview --json (no changes)",
    "stack export",
    "backend folder (state, history, backups)",
    // Every GET and DELETE echoes the resource's credentials; the outputs hold the source ones as
    // fingerprints only, by which the provider finds them in the error.
    "refresh errors",
    "destroy errors",
  ])("%s", (name) => {
    const text = outputs.get(name);
    expect(text, `${name} was captured`).toBeTruthy();
    const found = leaks(text!);
    report.push(`  ${name}: ${text!.length} chars, ${found.length ? `LEAKS ${found.join(", ")}` : "no credential"}`);
    expect(found, `${name} shows these credentials`).toEqual([]);
  });
});
