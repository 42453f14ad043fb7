/**
 * The plugin tarball (`pipestack-pack-plugin`) ships the built package with only the SDK's
 * `proto/` folder beside it, so the native plugin's modules may load nothing else of
 * `@pulumi/pulumi`: the registry it serves from holds no class for that reason. Checked in a fresh
 * Node process, whose module cache shows everything loading the plugin's server pulled in.
 */
import * as path from "node:path";
import { expect, it } from "vitest";
import { runProcess } from "../support/run-process";

const root = path.resolve(__dirname, "..", "..");

it("the native plugin's server loads no @pulumi/pulumi module beyond proto/", async () => {
  const script = `require(${JSON.stringify(path.join(root, "dist", "provider", "native", "server.js"))});
console.log(JSON.stringify(Object.keys(require.cache).filter((f) => /[\\\\/]@pulumi[\\\\/]pulumi[\\\\/]/.test(f))));`;
  const ran = await runProcess(process.execPath, ["-e", script]);
  expect(ran.status, ran.stderr).toBe(0);
  const loaded = JSON.parse(ran.stdout.trim().split("\n").pop() ?? "[]") as string[];
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((f) => !/[\\/]@pulumi[\\/]pulumi[\\/]proto[\\/]/.test(f))).toEqual([]);
});
