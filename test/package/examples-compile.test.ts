/**
 * The examples (and the end-to-end test programs) compile against the package as users import
 * it, `pulumi-pipestack` by name: the build links node_modules/pulumi-pipestack to this
 * checkout, so this checks the published types (dist/) the way an installed copy would.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";

const root = path.resolve(__dirname, "..", "..");
const projects = ["examples/tsconfig.json", "test/e2e/programs/tsconfig.json"];

describe("examples compile", () => {
  it("every example has a Pulumi.yaml and an index.ts", () => {
    // The policy pack is not a program: it has a PulumiPolicy.yaml (checked below).
    const dirs = fs.readdirSync(path.join(root, "examples"), { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== "policy-pack");
    expect(dirs.map((d) => d.name).sort()).toEqual([
      "bigquery-snapshot",
      "gitops",
      "kafka-private-endpoint",
      "kinesis",
      "mongodb-cdc",
      "mysql-cdc",
      "object-storage",
      "observability",
      "postgres-cdc",
      "pubsub",
      "quickstart",
      "stack-from-nothing",
    ]);
    for (const d of dirs) {
      for (const f of ["Pulumi.yaml", "index.ts"]) expect(fs.existsSync(path.join(root, "examples", d.name, f)), `${d.name}/${f}`).toBe(true);
      const yaml = fs.readFileSync(path.join(root, "examples", d.name, "Pulumi.yaml"), "utf8");
      expect(yaml).toMatch(/^runtime:\n {2}name: nodejs$/m);
      const source = fs.readFileSync(path.join(root, "examples", d.name, "index.ts"), "utf8");
      expect(source, `${d.name} imports the package by name`).toMatch(/from "pulumi-pipestack";/);
    }
  });

  it("the policy pack has a PulumiPolicy.yaml for Node.js and a package.json with a version", () => {
    const pack = path.join(root, "examples", "policy-pack");
    expect(fs.readFileSync(path.join(pack, "PulumiPolicy.yaml"), "utf8")).toMatch(/^runtime: nodejs$/m);
    expect(JSON.parse(fs.readFileSync(path.join(pack, "package.json"), "utf8")).version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(fs.readFileSync(path.join(pack, "index.ts"), "utf8")).toMatch(/from "pulumi-pipestack";/);
  });

  it.each(projects)(
    "tsc -p %s --noEmit",
    async (project) => {
      expect(fs.existsSync(path.join(root, "node_modules", "pulumi-pipestack", "dist", "provider", "index.d.ts")), "run `npm run build` first").toBe(true);
      const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
      const r = await runProcess(process.execPath, [tsc, "-p", project, "--noEmit"], { cwd: root });
      expect(r.stdout + r.stderr, `tsc -p ${project}`).toBe("");
      expect(r.status).toBe(0);
    },
    120_000,
  );
});
