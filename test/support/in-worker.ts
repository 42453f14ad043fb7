/**
 * One exported function of a test-support module, run in a worker thread and awaited: for work
 * that is one long synchronous stretch and cannot yield, such as a TypeScript language service
 * building its program (27 s quiet, minutes loaded). Run in the test worker itself, it blocks the
 * event loop past vitest's 60 s RPC timeout on a loaded machine and ends a green run with
 * `Timeout calling "onTaskUpdate"` (issue 46); in a thread, the test worker's loop stays free.
 *
 * The module is bundled with esbuild (the repository's build tool) to one script, its packages
 * (the TypeScript compiler, Prettier) left to `require` from the repository's root and
 * `__dirname` its own; the arguments and the result cross by structured clone.
 */
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import * as esbuild from "esbuild";

const root = path.resolve(__dirname, "..", "..");

/** What the thread runs after the bundle: the named function, its result or error posted back. */
const RUNNER = `
const { parentPort, workerData } = require("node:worker_threads");
Promise.resolve()
  .then(() => __module[workerData.fn](...workerData.args))
  .then((value) => parentPort.postMessage({ value }), (err) => parentPort.postMessage({ error: err instanceof Error ? err.stack ?? err.message : String(err) }));
`;

/** `fn(...args)` of the module `file` (absolute: a module of test/support/ or a script of scripts/), in a worker thread. */
export async function inWorker<T>(file: string, fn: string, ...args: unknown[]): Promise<T> {
  const bundle = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    platform: "node",
    format: "iife",
    globalName: "__module",
    target: "node20",
    packages: "external",
    write: false,
    logLevel: "silent",
  });
  // `require` of the repository's root (an eval'd thread's own resolves from the working
  // directory), `__dirname` the module's (the scripts find the repository from it); a script's
  // `#!` line, which esbuild keeps first, would be a syntax error inside the wrapper.
  const scope = [
    `require("node:module").createRequire(${JSON.stringify(path.join(root, "package.json"))})`,
    JSON.stringify(file),
    JSON.stringify(path.dirname(file)),
  ];
  const code = `(function (require, __filename, __dirname) {\n${bundle.outputFiles[0].text.replace(/^#!.*\n/, "")}\n${RUNNER}\n})(${scope.join(", ")});`;
  const worker = new Worker(code, { eval: true, workerData: { fn, args } });
  try {
    const answer = await new Promise<{ value?: T; error?: string }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the worker of ${path.basename(file)}#${fn} exited (${code}) before answering`)));
    });
    if (answer.error !== undefined) throw new Error(`${path.basename(file)}#${fn} failed in its worker: ${answer.error}`);
    return answer.value as T;
  } finally {
    await worker.terminate();
  }
}
