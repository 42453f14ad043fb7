/**
 * The fuzz stage: schemathesis (from PyPI, pinned, in .venv-fuzz/) against the compiled
 * emulator, on the reference OpenAPI description with the documented deviations applied
 * (emulator/deviations.ts). Fixed seed and example counts, so a run repeats and stays within
 * a few minutes. Fails on any 500, any answer the document does not describe, and any stored
 * object a later read cannot serve (a check of our own, test/fuzz/hooks.py).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../emulator/http/body";
import { DEFAULTS } from "../../emulator/options";
import { ensureBuilt, launch, root, run, type RunningCli } from "../support/emulator-cli";
import { documentedSpec, type FuzzTargets } from "./documented-spec";
import { basic, send } from "../support/http";
import { kafkaPipe, kinesisPipe, objectStoragePipe, postgresPipe } from "../support/pipe-bodies";

/** Fixed, so a failure replays (`st run ... --seed`). */
const SEED = 20261123;
/** Cases per operation and phase; sized for ~2-3 minutes on two busy cores. */
const MAX_EXAMPLES = 10;
const CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_headers_conformance",
  "response_schema_conformance",
  "stored_objects_readable",
];
const KINDS = {
  kafka: (n: string) => kafkaPipe(n),
  objectStorage: (n: string) => objectStoragePipe(n, true),
  kinesis: (n: string) => kinesisPipe(n),
  postgres: (n: string) => postgresPipe(n),
};
const KIND_ORDER = Object.keys(KINDS);
/** One body per kind, in KIND_ORDER: the examples phase sends body `i` to the pipe of kind `i % 4`. */
const perKind = (body: (kind: string) => JsonObject): JsonObject[] => KIND_ORDER.map(body);
const toEach = (body: JsonObject): JsonObject[] => KIND_ORDER.map(() => structuredClone(body));
const ROLE = "arn:example:iam::123456789012:role/reader";
/**
 * Bodies the examples phase sends to a pipe of every kind: edge cases a generator rarely
 * builds whole (a source naming nothing of the pipe's kind once wiped the stored source) and
 * one valid change of each kind.
 */
const BODY_EXAMPLES: Record<string, JsonObject[]> = {
  pipeUpdate: [
    ...toEach({ source: {} }),
    ...perKind((kind) => ({ source: { [kind]: null } })),
    ...toEach({ source: { validateSamples: true } }),
    ...perKind((kind) => ({ source: kind === "postgres" ? { postgres: { host: "db2.example.test", port: 5433 } } : { [kind]: { iamRole: ROLE } } })),
    ...perKind((kind) => ({ name: `renamed_${kind}`, settings: kind === "postgres" ? null : { streaming_max_insert_wait_ms: 1000 } })),
    ...toEach({ destination: { columns: [{ name: "id", type: "UInt64" }] }, fieldMappings: [{ sourceField: "id", destinationField: "id" }] }),
  ],
  pipeSettingsUpdate: [...toEach({ object_storage_concurrency: 2 }), ...toEach({})],
  pipeScalingUpdate: [...toEach({ replicas: 2, replicaCpuMillicores: 250 }), ...toEach({ replicaMemoryGb: 0.5 })],
  pipeStateUpdate: [...toEach({ command: "stop" }), ...toEach({ command: "start" }), ...toEach({ command: "resync" })],
};
/** A well-formed id of nothing: the 404 path. */
const MISSING = "5b0d1c2e-0000-4000-8000-00000000beef";
const PIPE_ROUTES = [
  "GET /pipes",
  "POST /pipes",
  "GET /pipes/{pipeId}",
  "PATCH /pipes/{pipeId}",
  "DELETE /pipes/{pipeId}",
  "GET /pipes/{pipeId}/settings",
  "PUT /pipes/{pipeId}/settings",
  "PATCH /pipes/{pipeId}/scaling",
  "PATCH /pipes/{pipeId}/state",
];

interface Report {
  operations: { total: number; selected: number; tested: number; errored: number };
  test_cases: { generated: number; with_failures: number; unique_failures: number; errored: number };
  failures: Array<{ code: string; title: string; count: number; operations: string[] }>;
  errors: unknown[];
  running_time: number;
}

let running: RunningCli;
let work: string;
let report: Report;
let exitCode: number | null;
let output = "";
let wallSeconds = 0;
const keep: Record<string, string[]> = {};
let base: string;
const auth = { authorization: basic(DEFAULTS.keyId, DEFAULTS.keySecret) };

/** Runs the pinned installer (the test command's setup of this stage); returns the venv's bin. */
async function fuzzTool(): Promise<string> {
  const result = await run("bash", [path.join(root, "scripts", "ensure-fuzz.sh")]);
  if (result.code !== 0) throw new Error(`scripts/ensure-fuzz.sh failed:\n${result.stderr}`);
  return result.stdout.trim().split("\n").pop() as string;
}

async function create(pathName: string, body: unknown): Promise<string> {
  const answer = await send(`${base}${pathName}`, "POST", body, auth);
  if (answer.status !== 200) throw new Error(`setup POST ${pathName}: ${answer.status} ${answer.text}`);
  return answer.json.result.id as string;
}

async function targets(): Promise<FuzzTargets> {
  const pipes = { keep: [] as string[], delete: [] as string[] };
  const doomedPipes: Record<string, string[]> = {};
  for (const [kind, body] of Object.entries(KINDS)) {
    keep[kind] = [await create("/pipes", body(`keep_${kind}_1`)), await create("/pipes", body(`keep_${kind}_2`))];
    pipes.keep.push(...keep[kind]);
    doomedPipes[kind] = [];
    for (let i = 1; i <= 3; i++) doomedPipes[kind].push(await create("/pipes", body(`delete_${kind}_${i}`)));
    pipes.delete.push(...doomedPipes[kind]);
  }
  const seeded = (await send(`${base}/pipesReversePrivateEndpoints`, "GET", undefined, auth)).json.result.map((e: { id: string }) => e.id);
  const endpoint = { description: "fuzz", type: "GCP_PSC_SERVICE_ATTACHMENT", gcpServiceAttachment: "projects/p/regions/r/serviceAttachments/s" };
  const doomed = [await create("/pipesReversePrivateEndpoints", endpoint), await create("/pipesReversePrivateEndpoints", endpoint)];
  return {
    organizationId: DEFAULTS.organizationId,
    serviceId: DEFAULTS.serviceId,
    keep: { pipeId: [...pipes.keep, MISSING], reversePrivateEndpointId: [...seeded, MISSING] },
    delete: { pipeId: [...pipes.delete, MISSING], reversePrivateEndpointId: [...doomed, MISSING] },
    examplePipes: { keep: KIND_ORDER.map((kind) => keep[kind]?.[0]), delete: KIND_ORDER.map((kind) => doomedPipes[kind]?.[0]) },
    bodyExamples: BODY_EXAMPLES,
  };
}

function runSchemathesis(bin: string, spec: string, targetsFile: string, reportFile: string): Promise<number | null> {
  const args = [
    "run",
    spec,
    "--url",
    running.url,
    "--auth",
    `${DEFAULTS.keyId}:${DEFAULTS.keySecret}`,
    "--checks",
    CHECKS.join(","),
    "--seed",
    String(SEED),
    "--max-examples",
    String(MAX_EXAMPLES),
    "--phases",
    "examples,coverage,fuzzing",
    "--workers",
    "1",
    "--generation-database",
    "none",
    "--request-timeout",
    "10",
    "--no-color",
    "--report",
    "json",
    "--report-json-path",
    reportFile,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bin, "st"), args, {
      // schemathesis keeps a crash cache in its working directory: not in the checkout.
      cwd: work,
      env: {
        ...process.env,
        SCHEMATHESIS_HOOKS: "hooks",
        PYTHONPATH: path.join(root, "test", "fuzz"),
        PIPESTACK_FUZZ_TARGETS: targetsFile,
        PYTHONDONTWRITEBYTECODE: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve(code));
  });
}

beforeAll(async () => {
  const bin = await fuzzTool();
  await ensureBuilt();
  running = await launch(["--port", "0", "--step-ms", "0", "--retry-after", "0"]);
  base = `${running.url}/v1/organizations/${DEFAULTS.organizationId}/services/${DEFAULTS.serviceId}`;
  // Kept after the run (test-results/ is not committed): the document, ids and output replay a failure.
  work = path.join(root, "test-results", "fuzz");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const aims = await targets();
  const reference = JSON.parse(readFileSync(path.join(root, "emulator", "spec", "cloud-api.openapi.json"), "utf8")) as JsonObject;
  const spec = path.join(work, "documented.openapi.json");
  writeFileSync(spec, JSON.stringify(documentedSpec(reference, aims)));
  const targetsFile = path.join(work, "targets.json");
  writeFileSync(targetsFile, JSON.stringify({ ...aims, url: running.url, auth: [DEFAULTS.keyId, DEFAULTS.keySecret] }));
  const reportFile = path.join(work, "report.json");
  const began = Date.now();
  exitCode = await runSchemathesis(bin, spec, targetsFile, reportFile);
  wallSeconds = (Date.now() - began) / 1000;
  report = JSON.parse(readFileSync(reportFile, "utf8")) as Report;
}, 900_000);

afterAll(() => {
  if (running?.child.exitCode === null) running.child.kill("SIGTERM");
  if (report) {
    const byCheck = Object.fromEntries(report.failures.map((f) => [`${f.code} ${f.title}`, f.count]));
    const summary = {
      seed: SEED,
      maxExamples: MAX_EXAMPLES,
      operations: report.operations.tested,
      cases: report.test_cases.generated,
      failuresByCheck: byCheck,
      wallSeconds,
    };
    writeFileSync(path.join(work, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`fuzz stage: ${JSON.stringify(summary)}`);
  }
  if (work) writeFileSync(path.join(work, "output.txt"), output);
});

describe("schemathesis against the emulator", () => {
  it("tests all 14 operations of the reference", () => {
    expect(report.operations.tested, output.slice(-3000)).toBe(14);
    expect(report.operations.errored).toBe(0);
    expect(report.errors).toEqual([]);
  });

  it("finds no 500, no answer outside the documented reference, no unreadable stored object", () => {
    const byCheck = Object.fromEntries(report.failures.map((f) => [`${f.code} ${f.title}`, f.operations]));
    expect(byCheck, output.slice(-6000)).toEqual({});
    expect(exitCode, output.slice(-3000)).toBe(0);
  });

  it("sent every pipe operation many times (ids pinned to real pipes of each kind)", async () => {
    const stats = (await send(`${running.url}/__emulator/stats`, "GET")).json;
    for (const route of PIPE_ROUTES) {
      const [method, template] = route.split(" ");
      const key = `${method} /v1/organizations/{organizationId}/services/{serviceId}${template}`;
      expect(stats.byRoute[key] ?? 0, key).toBeGreaterThanOrEqual(MAX_EXAMPLES);
    }
    expect(report.test_cases.generated).toBeGreaterThanOrEqual(14 * MAX_EXAMPLES);
  });

  it("leaves every kept pipe readable, of its kind, and the emulator logged no 500", async () => {
    for (const [kind, ids] of Object.entries(keep)) {
      for (const id of ids) {
        const answer = await send(`${base}/pipes/${id}`, "GET", undefined, auth);
        expect(answer.status, answer.text).toBe(200);
        expect(answer.json.result.source[kind], `${kind} ${id}`).not.toBeNull();
      }
    }
    expect((await send(`${running.url}/__emulator/state`, "GET")).status).toBe(200);
    expect(running.stderr()).not.toContain("500 for");
  });
});
