/**
 * The code host's workflow files (.github/workflows/) linted by actionlint as a test: a finding
 * fails here and counts in `npm test`'s "N passed, N failed" like any other failure. actionlint
 * comes from the Go module proxy (scripts/ensure-actionlint.sh, built once into the cache). It runs
 * without shellcheck and pyflakes, on every machine alike: a finding may not depend on what else
 * happens to be installed.
 *
 * actionlint checks an action's inputs only for the refs it knows (`actions/checkout@v4`), and our
 * actions are pinned by commit SHA: so each file is also linted as a copy whose pins read as the
 * ref their comment names (`@<sha> # v4.2.2` as `@v4`; `# v1.14.2 release/v1` as `@release/v1`),
 * and each action is shown to be one whose inputs it does check.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../support/emulator-cli";
import { dumpYaml, parseYaml, root, workflowFiles, workflowsDir, type Workflow } from "../support/workflows";

let actionlint = "";
let scratch = "";
beforeAll(async () => {
  const ensured = await run("bash", [path.join(root, "scripts", "ensure-actionlint.sh")]);
  if (ensured.code !== 0) throw new Error(`scripts/ensure-actionlint.sh failed:\n${ensured.stderr}`);
  actionlint = ensured.stdout.trim().split("\n").pop() ?? "";
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-actionlint-"));
}, 600_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Finding {
  message: string;
  filepath: string;
  line: number;
  kind: string;
}

/** actionlint's findings in `files`, as `file:line [kind] message`. */
async function lint(files: string[]): Promise<string[]> {
  const result = await run(actionlint, ["-shellcheck=", "-pyflakes=", "-format", "{{json .}}", ...files]);
  // Exit 1 is "found something"; anything else is actionlint failing to run.
  if (result.code !== 0 && result.code !== 1) throw new Error(`actionlint exited ${result.code}: ${result.stderr}`);
  const found = JSON.parse(result.stdout || "[]") as Finding[] | null;
  return (found ?? []).map((f) => `${path.relative(root, path.resolve(root, f.filepath))}:${f.line} [${f.kind}] ${f.message}`);
}

/** `text` written as `name` into the scratch folder; its path. */
function scratchFile(name: string, text: string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, text);
  return file;
}

const PIN = /^(\s*-?\s*uses:\s*)([\w.-]+\/[\w./-]+)@([0-9a-f]{40})[ \t]+#[ \t]+(v\d+\.\d+\.\d+)(?:[ \t]+([\w./-]+))?[ \t]*$/;

/** The ref a pinned line is checked as: the one its comment names after the version, or the version's major tag. */
export function checkedRef(version: string, named: string | undefined): string {
  return named ?? version.split(".")[0];
}

/** The workflow text with every SHA pin read as the ref its comment names. */
export function asRefs(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const m = PIN.exec(line);
      return m ? `${m[1]}${m[2]}@${checkedRef(m[4], m[5])}` : line;
    })
    .join("\n");
}

/** Every `uses:` line of `text`, with its line number. */
const usesLines = (text: string) =>
  text
    .split("\n")
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => /^\s*-?\s*uses:/.test(line));

const text = (file: string) => fs.readFileSync(path.join(workflowsDir, file), "utf8");

describe("workflow files", () => {
  it("there are workflow files (release and ci)", () => {
    expect(workflowFiles()).toEqual(expect.arrayContaining(["ci.yml", "release.yml"]));
  });

  it("actionlint finds nothing in .github/workflows/", async () => {
    expect(await lint(workflowFiles().map((f) => path.join(workflowsDir, f)))).toEqual([]);
  }, 120_000);

  it("every action is pinned by a full commit SHA, its version in a comment", () => {
    const unpinned = workflowFiles().flatMap((f) =>
      usesLines(text(f))
        .filter(({ line }) => !PIN.test(line))
        .map(({ line, n }) => `${f}:${n} ${line.trim()}`),
    );
    expect(unpinned).toEqual([]);
  });

  it("reads a pin as the ref its comment names", () => {
    const cases: [string, string][] = [
      ["      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2", "      - uses: actions/checkout@v4"],
      ["      - uses: a/b@dc37677b2e1c63e2034f94d8a5b11f265b73ba33 # v1.14.2 release/v1", "      - uses: a/b@release/v1"],
      ["      - uses: actions/checkout@v4", "      - uses: actions/checkout@v4"],
      ["      - run: echo # v1.2.3", "      - run: echo # v1.2.3"],
    ];
    for (const [line, want] of cases) expect(asRefs(line)).toBe(want);
  });

  it("with each pin read as its ref, actionlint checks every action's inputs and finds nothing", async () => {
    const copies = workflowFiles().map((f) => scratchFile(`refs-${f}`, asRefs(text(f))));
    expect(await lint(copies)).toEqual([]);
  }, 120_000);

  it("actionlint knows the inputs of every action used: an unknown input on each is found", async () => {
    const copies: string[] = [];
    const actions = new Set<string>();
    for (const f of workflowFiles()) {
      const workflow = parseYaml(asRefs(text(f))) as Workflow;
      for (const job of Object.values(workflow.jobs))
        for (const step of job.steps ?? [])
          if (step.uses) {
            actions.add(step.uses);
            step.with = { ...step.with, "pipestack-no-such-input": "x" };
          }
      copies.push(scratchFile(`inputs-${f}`, dumpYaml(workflow)));
    }
    const found = await lint(copies);
    const unchecked = [...actions].filter((a) => !found.some((m) => m.includes(`input "pipestack-no-such-input" is not defined in action "${a}"`)));
    expect(actions.size).toBeGreaterThan(0);
    expect(unchecked).toEqual([]);
  }, 120_000);

  // The lint is able to fail: release.yml with one fault at a time.
  const faults: [string, (t: string) => string, string][] = [
    ["a bad expression", (t) => t.replace("${{ matrix.args }}", "${{ matrix.argz }}"), 'property "argz" is not defined'],
    ["an unknown context", (t) => t.replace("${{ github.token }}", "${{ githubb.token }}"), 'undefined variable "githubb"'],
    ["an unknown input of an action", (t) => asRefs(t).replace("packages-dir:", "packages-dirr:"), 'input "packages-dirr" is not defined'],
    ["a job that needs no such job", (t) => t.replace("needs: assemble", "needs: assembel"), "assembel"],
  ];
  it.each(faults)(
    "finds %s in release.yml",
    async (_what, breakIt, message) => {
      const original = text("release.yml");
      const broken = breakIt(original);
      expect(broken).not.toBe(original);
      const found = await lint([scratchFile("broken-release.yml", broken)]);
      expect(found.filter((f) => f.includes(message))).not.toEqual([]);
    },
    120_000,
  );
});
