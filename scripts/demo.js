#!/usr/bin/env node
// `npm run demo`: the quickstart (root Pulumi.yaml -> examples/quickstart) under the real Pulumi
// CLI against the local emulator. Starts the emulator, logs in to a file backend in .demo/ (git
// ignores it), creates the stack and its config, runs `pulumi up`, prints the outputs, previews
// one change with `--diff`, then destroys the stack and stops the emulator.
//
//   npm run demo              run it all and clean up
//   npm run demo -- --keep    (or KEEP=1) leave the emulator and the stack running, and say how to
//                             look around; the next `npm run demo` clears them first
"use strict";
const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const demoDir = path.join(root, ".demo");
const keep = process.argv.includes("--keep") || ["1", "true", "yes"].includes(String(process.env.KEEP ?? "").toLowerCase());
const STACK = "demo";
const PASSPHRASE = "demo-passphrase";
const KAFKA_PASSWORD = "demo-kafka-password";
const configFile = path.join(demoDir, `Pulumi.${STACK}.yaml`);
const pidFile = path.join(demoDir, "emulator.pid");
const started = Date.now();

const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const step = (s) => console.log(`\n${bold(`==> ${s}`)}`);

/** The Pulumi CLI's folder, made ready by scripts/ensure-pulumi.sh. */
function pulumiBin() {
  const r = spawnSync("bash", [path.join(__dirname, "ensure-pulumi.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) {
    console.error("demo: the Pulumi CLI is not ready (see the message above)");
    process.exit(1);
  }
  return r.stdout.trim().split("\n").pop();
}

/** Stops an emulator a previous `--keep` run left behind, and clears its files. */
function clearPrevious() {
  if (!fs.existsSync(demoDir)) return;
  const pid = Number(fs.existsSync(pidFile) ? fs.readFileSync(pidFile, "utf8").trim() : NaN);
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, "SIGTERM");
      console.log(`demo: stopped the emulator a previous run kept (pid ${pid})`);
    } catch {
      // already gone
    }
  }
  fs.rmSync(demoDir, { recursive: true, force: true });
}

/** Starts the emulator detached (so `--keep` can leave it running); resolves with its URL. */
async function startEmulator() {
  const log = path.join(demoDir, "emulator.log");
  const out = fs.openSync(log, "w");
  const child = spawn(
    process.execPath,
    [path.join(root, "packages", "pipestack-emulator", "bin", "pipestack-emulator.js"), "--port", "0", "--step-ms", "100"],
    {
      cwd: root,
      detached: true,
      stdio: ["ignore", out, out],
    },
  );
  fs.closeSync(out);
  fs.writeFileSync(pidFile, String(child.pid));
  let exited = false;
  child.on("exit", () => (exited = true));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const text = fs.readFileSync(log, "utf8");
    const m = /listening on (http:\/\/\S+)/.exec(text);
    if (m) {
      child.unref();
      return { url: m[1], pid: child.pid };
    }
    if (exited || Date.now() > deadline) throw new Error(`the emulator did not start:\n${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function stopEmulator(pid) {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // already gone
  }
}

async function main() {
  const bin = pulumiBin();
  clearPrevious();
  fs.mkdirSync(path.join(demoDir, "state"), { recursive: true });

  // The Pulumi CLI's environment: a file backend and a Pulumi home inside .demo/.
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(PULUMI_|PIPESTACK_)/.test(k)) env[k] = v;
  Object.assign(env, {
    PATH: [bin, path.join(root, "node_modules", "@pulumi", "pulumi"), process.env.PATH].join(path.delimiter),
    PULUMI_HOME: path.join(demoDir, "home"),
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
  });
  const pulumi = (args, opts = {}) => {
    const r = spawnSync("pulumi", [...args, "--non-interactive"], { cwd: opts.cwd ?? root, env, stdio: opts.quiet ? "pipe" : "inherit", encoding: "utf8" });
    if (r.status !== 0) {
      if (opts.quiet) process.stderr.write(`${r.stdout ?? ""}${r.stderr ?? ""}`);
      throw new Error(`pulumi ${args.join(" ")} exited ${r.status}`);
    }
    return r;
  };
  const withConfig = ["--stack", STACK, "--config-file", configFile];

  step("Starting the emulator (the service's API, locally)");
  const { DEFAULTS } = require("pipestack-emulator");
  const emulator = await startEmulator();
  console.log(`emulator: ${emulator.url} (pid ${emulator.pid}, log .demo/emulator.log)`);

  let ok = false;
  let stackCreated = false;
  try {
    step("Logging in to a local file backend in .demo/state and creating the stack");
    pulumi(["login", `file://${path.join(demoDir, "state")}`]);
    // `stack init` writes the stack's config file next to Pulumi.yaml: let it do so in .demo/.
    const project = path.join(demoDir, "project");
    fs.mkdirSync(project);
    fs.copyFileSync(path.join(root, "Pulumi.yaml"), path.join(project, "Pulumi.yaml"));
    pulumi(["stack", "init", STACK], { cwd: project, quiet: true });
    fs.renameSync(path.join(project, `Pulumi.${STACK}.yaml`), configFile);
    fs.rmSync(project, { recursive: true, force: true });
    stackCreated = true;

    const plain = {
      "pipestack:apiUrl": emulator.url,
      "pipestack:keyId": DEFAULTS.keyId,
      "pipestack:organizationId": DEFAULTS.organizationId,
      "pipestack:serviceId": DEFAULTS.serviceId,
      "pipestack:pollIntervalMs": "100",
    };
    const secret = { "pipestack:keySecret": DEFAULTS.keySecret, kafkaPassword: KAFKA_PASSWORD };
    const setAll = ["config", "set-all", ...withConfig];
    for (const [k, v] of Object.entries(plain)) setAll.push("--plaintext", `${k}=${v}`);
    for (const [k, v] of Object.entries(secret)) setAll.push("--secret", `${k}=${v}`);
    pulumi(setAll, { quiet: true });
    pulumi(["config", ...withConfig]);

    step("pulumi up: creating the quickstart's pipe");
    pulumi(["up", "--yes", ...withConfig]);

    step("The stack's outputs");
    pulumi(["stack", "output", "--stack", STACK]);

    step("A change previewed: `pulumi config set replicas 3`, then `pulumi preview --diff`");
    pulumi(["config", "set", "replicas", "3", ...withConfig], { quiet: true });
    pulumi(["preview", "--diff", ...withConfig]);
    ok = true;
  } finally {
    if (keep && ok) {
      step("Kept running; look around");
      const envLine = [
        `PATH=${bin}:$PATH`,
        `PULUMI_HOME=${path.join(demoDir, "home")}`,
        `PULUMI_CONFIG_PASSPHRASE=${PASSPHRASE}`,
        "PULUMI_SKIP_UPDATE_CHECK=true",
      ].join(" ");
      console.log(
        [
          `The emulator:       ${emulator.url} (pid ${emulator.pid}; its log: .demo/emulator.log)`,
          `Everything it holds: curl -s ${emulator.url}/__emulator/state`,
          `The pipe, as the API returns it (Basic auth with the emulator's key):`,
          `  curl -s -u ${DEFAULTS.keyId}:${DEFAULTS.keySecret} ${emulator.url}/v1/organizations/${DEFAULTS.organizationId}/services/${DEFAULTS.serviceId}/pipes`,
          "",
          "The Pulumi CLI against the demo stack (from the repository root):",
          `  export ${envLine}`,
          `  pulumi stack --stack ${STACK}                      # resources and outputs`,
          `  pulumi stack export --stack ${STACK}               # the state; secrets are ciphertext`,
          `  pulumi up --diff --stack ${STACK} --config-file .demo/Pulumi.${STACK}.yaml   # apply replicas: 3`,
          `  pulumi config --stack ${STACK} --config-file .demo/Pulumi.${STACK}.yaml`,
          "",
          `When done: pulumi destroy --yes --stack ${STACK} --config-file .demo/Pulumi.${STACK}.yaml; kill ${emulator.pid}; rm -rf .demo`,
          "(or just run `npm run demo` again: it clears what this run kept)",
        ].join("\n"),
      );
    } else {
      step("Cleaning up: pulumi destroy, then stopping the emulator");
      try {
        if (stackCreated) {
          pulumi(["destroy", "--yes", ...withConfig]);
          pulumi(["stack", "rm", "--yes", "--stack", STACK], { quiet: true });
        }
      } finally {
        stopEmulator(emulator.pid);
        fs.rmSync(demoDir, { recursive: true, force: true });
      }
    }
  }
  console.log(`\ndemo: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err) => {
  console.error(`\ndemo: ${err.message}`);
  process.exit(1);
});
