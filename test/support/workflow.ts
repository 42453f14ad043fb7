/**
 * Reads a CI workflow file (the `on:` / `jobs:` syntax of examples/gitops/ci-workflow.yml) and
 * runs the shell steps of one of its jobs, as a runner would: in bash with `-eo pipefail`, one
 * step after the other, stopping at the first that fails. Steps that `uses:` an action (checkout,
 * installing Node.js or the CLI) are what the test machine already has, and are skipped.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { load } from "js-yaml";
import { z } from "zod";

const stepSchema = z.object({ name: z.string().optional(), uses: z.string().optional(), run: z.string().optional(), env: z.record(z.string()).optional() });
const jobSchema = z.object({ if: z.string().optional(), "runs-on": z.string(), env: z.record(z.string()).optional(), steps: z.array(stepSchema).min(1) });
const workflowSchema = z.object({
  name: z.string(),
  // js-yaml reads the key `on` as the string "on" (YAML 1.2 core schema).
  on: z.record(z.unknown()),
  env: z.record(z.string()).optional(),
  jobs: z.record(jobSchema),
});

export type Workflow = z.output<typeof workflowSchema>;
export type WorkflowStep = z.output<typeof stepSchema>;

/** The workflow at `file`, checked against the shape above (throws naming what is missing). */
export function readWorkflow(file: string): Workflow {
  return workflowSchema.parse(load(fs.readFileSync(file, "utf8")));
}

/** One step's run, as the test saw it. */
export interface StepRun {
  step: string;
  code: number;
  output: string;
}

/**
 * Runs the `run:` steps of a job in `cwd` with `env` (the workflow's own `env:` values are CI
 * expressions, so the caller passes real values for every name they declare). Returns each
 * step's exit code and output; stops after the first non-zero one.
 */
export async function runJob(workflow: Workflow, job: string, cwd: string, env: NodeJS.ProcessEnv): Promise<StepRun[]> {
  const runs: StepRun[] = [];
  for (const step of workflow.jobs[job].steps) {
    if (!step.run || step.run.trim() === "npm ci") continue;
    const r = await bash(step.run, cwd, env);
    runs.push({ step: step.name ?? step.run.split("\n")[0], ...r });
    if (r.code !== 0) break;
  }
  return runs;
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, output }));
  });
}
