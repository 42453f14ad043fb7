/**
 * The Automation API, as docs/automation-api.md says: an inline program with `workDir` set to a
 * folder where the package is installed deploys and destroys, also when the calling process
 * runs in a folder without it. Against the emulator, counting the objects it stores.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as automation from "@pulumi/pulumi/automation";
import type { Emulator } from "../../emulator";
import { startTestEmulator } from "../support/emulator";
import { storedObjects } from "../support/stored";
import { pulumiBin, repoRoot } from "./harness";

// Both through Node's own loader, so the program's resources and the Automation API share one
// @pulumi/pulumi, and the resources come from the built package as users install it.
const load = createRequire(path.join(repoRoot, "package.json"));
const { LocalWorkspace } = load("@pulumi/pulumi/automation") as typeof automation;
const { ReversePrivateEndpoint } = load("pulumi-pipestack") as typeof import("../../provider");

let emulator: Emulator;
let tmp: string;
let workDir: string;
const saved = { ...process.env };

beforeAll(async () => {
  emulator = await startTestEmulator();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-automation-"));
  // A project folder under the checkout: its node_modules (with this package linked) is found
  // by walking up, as in a project that ran `npm install pulumi-pipestack`.
  fs.mkdirSync(path.join(repoRoot, "test-results"), { recursive: true });
  workDir = fs.mkdtempSync(path.join(repoRoot, "test-results", "automation-"));
  for (const k of Object.keys(process.env)) if (/^(PULUMI_|PIPESTACK_)/.test(k)) delete process.env[k];
  Object.assign(process.env, {
    PATH: [await pulumiBin(), path.join(repoRoot, "node_modules", "@pulumi", "pulumi"), saved.PATH].join(path.delimiter),
    PULUMI_HOME: path.join(tmp, "home"),
    PULUMI_BACKEND_URL: `file://${path.join(tmp, "backend")}`,
    PULUMI_CONFIG_PASSPHRASE: "automation-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PIPESTACK_API_URL: emulator.url,
    PIPESTACK_KEY_ID: emulator.options.keyId,
    PIPESTACK_KEY_SECRET: emulator.options.keySecret,
    PIPESTACK_ORGANIZATION_ID: emulator.options.organizationId,
    PIPESTACK_SERVICE_ID: emulator.options.serviceId,
  });
  fs.mkdirSync(path.join(tmp, "backend"), { recursive: true });
});

afterAll(async () => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  await emulator?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs `f` with the process in `dir` (a script started from a folder without the package). */
async function inFolder<T>(dir: string, f: () => Promise<T>): Promise<T> {
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    return await f();
  } finally {
    process.chdir(cwd);
  }
}

const program = async () => {
  const endpoint = new ReversePrivateEndpoint("automation", {
    description: "made by the Automation API",
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
  });
  return { endpointId: endpoint.id };
};

describe("Automation API with an inline program", () => {
  it("with workDir set to a folder where the package is installed: up creates, destroy deletes", async () => {
    const before = storedObjects(emulator);
    const stack = await LocalWorkspace.createOrSelectStack({ stackName: "dev", projectName: "automation-workdir", program }, { workDir });
    const up = await inFolder(tmp, () => stack.up());
    expect(up.summary.result).toBe("succeeded");
    expect(up.outputs.endpointId.value).toMatch(/\S/);
    expect(storedObjects(emulator)).toBe(before + 1);
    await stack.destroy();
    expect(storedObjects(emulator)).toBe(before);
  });
});
