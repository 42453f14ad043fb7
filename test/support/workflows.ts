/**
 * The code host's workflow files (.github/workflows/*.yml) as data, for the tests that read them:
 * parsed by js-yaml (what ESLint and the Pulumi SDK already install), typed as far as the tests look.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

export const root = path.resolve(__dirname, "..", "..");
export const workflowsDir = path.join(root, ".github", "workflows");

export interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

export interface Job {
  needs?: string | string[];
  "runs-on": string;
  permissions?: Record<string, string>;
  environment?: string | { name: string };
  strategy?: { matrix: { include?: Record<string, string>[] } };
  steps: Step[];
}

export interface Workflow {
  name: string;
  on: unknown;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const yaml = createRequire(__filename)("js-yaml") as {
  load(text: string): unknown;
  dump(value: unknown, options?: { lineWidth?: number; noRefs?: boolean }): string;
};

export const parseYaml = (text: string): unknown => yaml.load(text);
export const dumpYaml = (value: unknown): string => yaml.dump(value, { lineWidth: -1, noRefs: true });

/** The workflow files, by file name. */
export function workflowFiles(): string[] {
  return fs
    .readdirSync(workflowsDir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
}

/** One workflow file, parsed. */
export function readWorkflow(file: string): Workflow {
  return parseYaml(fs.readFileSync(path.join(workflowsDir, file), "utf8")) as Workflow;
}
