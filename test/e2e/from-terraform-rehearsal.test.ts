/**
 * A move from Terraform rehearsed offline, end to end and with no edit, as docs/from-terraform.md
 * gives it: an emulator seeded from the Terraform state (`--from-terraform-state`: the objects
 * keep the state's ids), then `pipestack-from-terraform --credentials-to-config --run --import`
 * (the credentials into stack config, once per distinct value; `pulumi import --file` of the
 * document into a YAML project on the native plugin, its output in a log and a summary printed),
 * and `pulumi preview --expect-no-changes` of the program it wrote. One run, on the example state
 * whole grown to 200 pipes, with two endpoints (bench/lib/terraform-state.js): what the example
 * holds and the size the output must stay small at, for one stack's cost.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { load } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { yamlHost } from "./yaml-host";
import { FROM_TERRAFORM, moveAsDocumented, type Ran, runNode, writeMovedProject } from "./from-terraform-move";

const PASSWORD = "example-password";
const { movedState } = createRequire(__filename)("../../bench/lib/terraform-state.js") as { movedState(pipes: number, endpoints: number): unknown };

/** The example's 3 pipes and 197 more, and 2 endpoints. */
const PIPES = 200;
const OBJECTS = PIPES + 2;

describe("a move from Terraform rehearsed on the example state grown to 200 pipes, with 2 endpoints", () => {
  let s: E2EStack;
  let dir: string;
  let made: Ran;
  let preview: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-rehearsal-"));
    const stateFile = path.join(dir, "terraform.tfstate");
    fs.writeFileSync(stateFile, JSON.stringify(movedState(PIPES - 3, 2)));
    writeMovedProject(dir, {});
    s = await E2EStack.open({ program: dir, path: [await yamlHost()], secrets: [PASSWORD], emulator: { fromTerraformState: stateFile } });

    const t0 = Date.now();
    // As documented: the import document to a file, the rest (what the user sees) on standard error.
    made = await moveAsDocumented(s, dir, stateFile);
    const t1 = Date.now();
    // The program is what the import wrote, as written.
    const code = load(fs.readFileSync(path.join(dir, "imported.yaml"), "utf8")) as { resources: Record<string, unknown> };
    writeMovedProject(dir, code.resources);
    preview = await s.pulumi(["preview", "--expect-no-changes"]);
    const t2 = Date.now();
    process.stdout.write(
      `from-terraform rehearsal, ${OBJECTS} objects: pipestack-from-terraform --credentials-to-config --run --import ${t1 - t0} ms, preview ${t2 - t1} ms, the move ${t2 - t0} ms; it printed ${made.stderr.trimEnd().split("\n").length} lines\n`,
    );
  }, 900_000);
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("converts and imports every object by the state's id, saying in under 20 lines what there is to know, never a value", () => {
    expect(made.status, made.stderr).toBe(0);
    expect((JSON.parse(made.stdout) as { resources: unknown[] }).resources).toHaveLength(OBJECTS);
    const said = made.stderr.trimEnd().split("\n");
    expect(said.length, made.stderr).toBeLessThan(20);
    expect(made.stderr).toContain("Credentials: 1 distinct value in the Terraform state, set as stack config secrets:");
    expect(made.stderr).toContain(`pulumi import: ${OBJECTS} objects imported (${PIPES} pipestack:index:Pipe, 2 pipestack:index:ReversePrivateEndpoint)`);
    expect(
      said.filter((line) => line.includes("was imported without")),
      made.stderr,
    ).toHaveLength(1);
    expect(made.stdout + made.stderr).not.toContain(PASSWORD);
  });

  it("keeps the CLI's whole output in the log beside the program: an import event per object, no credential and no API key secret", () => {
    const log = fs.readFileSync(path.join(dir, "pulumi-import.log"), "utf8");
    expect(log.match(/"op":"import"/g)?.length).toBeGreaterThanOrEqual(OBJECTS);
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(s.emulator.options.keySecret);
  });

  it("has put each distinct credential in stack config once, as a secret", async () => {
    const config = (await s.must(["config", "--json", "--show-secrets"])).stdout;
    // A YAML project: a key per member, which its host reads (an object key it does not).
    expect(JSON.parse(config)).toMatchObject({
      "moved:kafkaCredentialsUsername": { secret: true, value: "ingest" },
      "moved:kafkaCredentialsPassword": { secret: true, value: PASSWORD },
    });
    expect(fs.readFileSync(s.stackFlags[3], "utf8")).not.toContain(PASSWORD);
  });

  it("says a failed import in a few lines too: its exit code, its error, the settings to check, where the log is", async () => {
    const empty = fs.mkdtempSync(path.join(dir, "no-project-"));
    const failed = await runNode([FROM_TERRAFORM, path.join(dir, "terraform.tfstate"), "--import", "imported.yaml"], { cwd: empty, env: s.cliEnv });
    expect(failed.status, failed.stderr).not.toBe(0);
    const said = failed.stderr.trimEnd().split("\n");
    expect(said.length, failed.stderr).toBeLessThan(20);
    expect(failed.stderr).toMatch(/pulumi import failed \(exit \d+\): 0 objects imported/);
    expect(failed.stderr).toContain("Settings: what the Terraform provider block");
    expect(failed.stderr).not.toContain("terraform state rm");
    expect(failed.stderr).toContain("whole output (its events, a JSON object a line, then its standard error): pulumi-import.log");
    expect(fs.readFileSync(path.join(empty, "pulumi-import.log"), "utf8").length).toBeGreaterThan(0);
  });

  it("previews the imported program with no change and no edit, and without the YAML host's deprecation warning (it declares no config)", () => {
    expect(preview.code, `${preview.stdout}\n${preview.stderr}`).toBe(0);
    expect(`${preview.stdout}${preview.stderr}`).not.toContain("deprecated");
  });
});
