/**
 * `pipestack-from-terraform --credentials-to-config` with the real Pulumi CLI's stack config: a
 * credential ending in a line feed (what Terraform's `file()` gives) reads back byte for byte,
 * set by the printed commands and by `--run` alike; a run again leaves the same values as they
 * are; and a value rotated since the state was written is never put back: the run stops before
 * anything is set or written, naming the key and the command that replaces it on purpose, which
 * then does.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { tfPipe, tfState } from "../support/terraform-state-fixtures";
import { pulumiBin, repoRoot } from "./harness";

const COMMAND = path.join(repoRoot, "bin", "pipestack-from-terraform.js");
/** A password as `file("password.txt")` gives it: its final line feed is part of it. */
const PASSWORD = "from-tf-pw-9d41\n";
const STATE = tfState([
  {
    name: "p",
    attributes: tfPipe("p-1", { source: { kafka: { brokers: "b:9092", topics: "t", credentials: { username: "ingest", password: PASSWORD } } } }),
  },
]);

let dir: string;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-tf-credentials-"));
  // A project of a language that reads an object key (YAML gets a key per member: from-terraform-stack.test.ts runs that).
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: tf-credentials\nruntime: nodejs\n");
  fs.writeFileSync(path.join(dir, "terraform.tfstate"), STATE);
  fs.mkdirSync(path.join(dir, "state"));
  env = {
    ...process.env,
    PATH: `${await pulumiBin()}${path.delimiter}${process.env.PATH ?? ""}`,
    PULUMI_HOME: path.join(dir, "home"),
    PULUMI_BACKEND_URL: `file://${path.join(dir, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "tf-credentials-test",
    PULUMI_SKIP_UPDATE_CHECK: "true",
  };
  for (const stack of ["printed", "run"]) expect((await pulumi(["stack", "init", stack])).status).toBe(0);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const pulumi = (args: string[]) => runProcess("pulumi", args, { cwd: dir, env });
const converter = (args: string[]) => runProcess(process.execPath, [COMMAND, "terraform.tfstate", ...args], { cwd: dir, env });
const sh = (line: string) => runProcess("sh", ["-c", line.replace(/^npx pipestack-from-terraform /, `node ${COMMAND} `)], { cwd: dir, env });

/** The stack's value at `key` (`--path`), as the CLI gives it to a program. */
async function held(stack: string, key: string): Promise<string> {
  const r = await pulumi(["config", "get", "--json", "--path", "--stack", stack, key]);
  expect(r.status, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { value: string }).value;
}

describe("pipestack-from-terraform --credentials-to-config, into the real CLI's stack config", () => {
  it("moves a credential ending in a line feed byte for byte, by the printed commands", async () => {
    const r = await converter(["--credentials-to-config", "--stack", "printed"]);
    expect(r.status, r.stderr).toBe(0);
    const commands = r.stderr.split("\n").flatMap((l) => (l.startsWith("    npx pipestack-from-terraform ") ? [l.trim()] : []));
    expect(commands).toHaveLength(2);
    for (const c of commands) {
      expect(c).toContain("pulumi config set --secret --raw --path --stack printed kafkaCredentials.");
      const set = await sh(c);
      expect(set.status, set.stderr).toBe(0);
    }
    expect(await held("printed", "kafkaCredentials.password")).toBe(PASSWORD);
    expect(await held("printed", "kafkaCredentials.username")).toBe("ingest");
  }, 120_000);

  it("moves it byte for byte with --run; a run again leaves the same values as they are", async () => {
    const first = await converter(["--credentials-to-config", "--run", "--stack", "run"]);
    expect(first.status, first.stderr).toBe(0);
    expect(await held("run", "kafkaCredentials.password")).toBe(PASSWORD);
    const again = await converter(["--credentials-to-config", "--run", "--stack", "run"]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toContain("The stack already held the same value at kafkaCredentials.username, kafkaCredentials.password: left as it was.");
    expect(again.stderr).not.toContain(PASSWORD.trim());
  }, 120_000);

  it("never puts the state's value back over one rotated since: stops before anything, naming the key and how to replace it", async () => {
    expect((await pulumi(["config", "set", "--secret", "--path", "--stack", "run", "kafkaCredentials.password", "rotated-since"])).status).toBe(0);
    const r = await converter(["--credentials-to-config", "--run", "--stack", "run"]);
    expect(r.status).toBe(1);
    expect(r.stdout, "no import document either").toBe("");
    expect(r.stderr).toContain("--run: the stack already holds another value at kafkaCredentials.password");
    expect(r.stderr).toContain("it is never replaced, and nothing was set");
    expect(r.stderr).not.toContain("rotated-since");
    expect(await held("run", "kafkaCredentials.password")).toBe("rotated-since");

    const replace =
      r.stderr
        .split("\n")
        .find((l) => l.trim().startsWith("npx pipestack-from-terraform "))
        ?.trim() ?? "";
    expect(replace).toBe(
      "npx pipestack-from-terraform terraform.tfstate --credential kafkaCredentials.password | pulumi config set --secret --raw --path --stack run kafkaCredentials.password",
    );
    expect((await sh(replace)).status).toBe(0);
    expect(await held("run", "kafkaCredentials.password")).toBe(PASSWORD);
  }, 120_000);
});
