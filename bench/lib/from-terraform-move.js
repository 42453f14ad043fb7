// The move part of `npm run bench` (`--parts move`): the wall time of a move from Terraform of 200
// pipes and 2 endpoints, as docs/from-terraform.md gives it, against an emulator seeded from the
// state (bench/lib/terraform-state.js) at the bench's latency: `pipestack-from-terraform
// --credentials-to-config --run --import imported.yaml` (the credentials into stack config, the
// import run), then the first `pulumi preview --expect-no-changes` of the program it wrote, in a
// YAML project on the native plugin. Its figures go to bench/from-terraform.json and, with
// --write, to the marked sections of docs/from-terraform.md and docs/performance.md.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { spawn, spawnSync } = require("node:child_process");
const { root } = require("./options");
const { Workspace } = require("./cli");
const { movedState } = require("./terraform-state");

const MOVE_SECTION = {
  begin: "<!-- bench-move:begin (written by `npm run bench -- --parts move --write` from bench/from-terraform.json) -->",
  end: "<!-- bench-move:end -->",
};

/** The folder holding pulumi-language-yaml: PIPESTACK_PULUMI_YAML_BIN as the tests take it, else scripts/ensure-pulumi-yaml.sh. */
function yamlHost() {
  if (process.env.PIPESTACK_PULUMI_YAML_BIN) return process.env.PIPESTACK_PULUMI_YAML_BIN;
  const r = spawnSync("bash", [path.join(root, "scripts", "ensure-pulumi-yaml.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error("scripts/ensure-pulumi-yaml.sh failed: the YAML language host is not ready");
  return r.stdout.trim().split("\n").pop();
}

/** `node args...` in `cwd` to its end, without blocking the emulator in this process; rejects on a non-zero exit. */
function node(args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      if (code === 0) resolve({ seconds, stdout, stderr });
      else reject(new Error(`node ${args.join(" ")} exited with ${code}:\n${stderr}`));
    });
  });
}

const round = (x) => Number(x.toFixed(1));

/**
 * One rehearsed move of `pipes` pipes (the example's and more) and `endpoints` endpoints against
 * an emulator of `latencyMs` per request; resolves to its figures. Cleans up after itself.
 */
async function moveRun({ startEmulator, pipes, endpoints, latencyMs, log }) {
  const ws = new Workspace();
  let emulator;
  try {
    ws.cwd = path.join(ws.dir, "move");
    fs.mkdirSync(ws.cwd);
    ws.env.PATH = `${ws.bin}${path.delimiter}${yamlHost()}${path.delimiter}${process.env.PATH ?? ""}`;
    const stateFile = path.join(ws.dir, "terraform.tfstate");
    fs.writeFileSync(stateFile, JSON.stringify(movedState(pipes - 3, endpoints)));
    emulator = await startEmulator({ port: 0, stepMs: 0, latencyMs, fromTerraformState: stateFile });
    const project = (resources) => ({
      name: "moved",
      runtime: "yaml",
      plugins: { providers: [{ name: "pipestack", path: path.join(root, "bin") }] },
      resources,
    });
    fs.writeFileSync(path.join(ws.cwd, "Pulumi.yaml"), JSON.stringify(project({})));
    await ws.init(emulator);

    log(`move: pipestack-from-terraform --credentials-to-config --run --import, ${pipes} pipes and ${endpoints} endpoints`);
    const command = path.join(root, "bin", "pipestack-from-terraform.js");
    const made = await node([command, stateFile, "--credentials-to-config", "--run", "--import", "imported.yaml"], { cwd: ws.cwd, env: ws.env });
    const imported = require("js-yaml").load(fs.readFileSync(path.join(ws.cwd, "imported.yaml"), "utf8"));
    fs.writeFileSync(path.join(ws.cwd, "Pulumi.yaml"), JSON.stringify(project(imported.resources)));
    log("move: the first preview of the program it wrote");
    const preview = await ws.preview(600_000);
    const printed = made.stderr.trimEnd().split("\n");
    log(`  ${round(made.seconds)} s + ${round(preview.seconds)} s; it printed ${printed.length} lines`);
    return {
      pipes,
      endpoints,
      latencyMs,
      convertAndImportSeconds: round(made.seconds),
      previewSeconds: round(preview.seconds),
      moveSeconds: round(made.seconds + preview.seconds),
      linesPrinted: printed.length,
      // What the user saw, as a record (the state file's name is this run's temporary one).
      printed,
    };
  } finally {
    ws.dispose();
    await emulator?.close();
  }
}

/** The sentence of docs/from-terraform.md and docs/performance.md on the move's time. Pure. */
function moveSummary(move) {
  const m = move.machine;
  return (
    `A move of ${move.pipes} pipes and ${move.endpoints} reverse private endpoints, rehearsed on the emulator (${move.latencyMs} ms per request) ` +
    `on ${m.cpus} CPUs (load ${m.loadAverage1m}), ${move.date.slice(0, 10)}: step 4 with \`--import\` (the credentials set, the import run) ` +
    `took ${move.convertAndImportSeconds} s and printed ${move.linesPrinted} lines, the first \`pulumi preview --expect-no-changes\` ` +
    `${move.previewSeconds} s: ${move.moveSeconds} s in all (\`npm run bench -- --parts move --write\`, bench/from-terraform.json).\n`
  );
}

module.exports = { moveRun, moveSummary, MOVE_SECTION };
