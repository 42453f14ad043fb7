/**
 * `pipestack-pack-plugin [--out DIR] [--download-url URL]`: the native provider plugin's tarball,
 * made from the installed package (no checkout), named as `pulumi plugin install --server` asks.
 */
import * as path from "node:path";
import { runCommand, type CommandFailure, type CommandLine } from "../command-line";
import { ALLOW_PLAIN_HTTP, ALLOW_PLAIN_HTTP_FLAG, downloadUrlProblem } from "./archive";
import { installCommand } from "./install-command";
import { packPlugin } from "./pack";

const USAGE = `usage: pipestack-pack-plugin [--out DIR] [--download-url URL [${ALLOW_PLAIN_HTTP}]]
Writes pulumi-resource-pipestack-v<version>-<os>-<arch>.tar.gz into DIR (default: the current
folder) and prints its path. With --download-url, the plugin's schema carries that
pluginDownloadURL: serve the tarball there (a team's mirror), and generated SDKs and the engine
download the plugin from it. The URL must be https:// (http:// only on a loopback host): over
plain http anything on the network path could replace the plugin; ${ALLOW_PLAIN_HTTP}
takes it anyway. Install it with
  pulumi plugin install resource pipestack <version> -f <tarball>
or from the mirror with
  pulumi plugin install resource pipestack <version> --server <URL>`;

const OPTIONS = { out: "value", "download-url": "value", [ALLOW_PLAIN_HTTP_FLAG]: "flag" } as const;

function main({ values }: CommandLine<typeof OPTIONS>, fail: CommandFailure): number {
  const out = path.resolve(values.out ?? process.cwd());
  const downloadUrl = values["download-url"];
  const allowPlainHttp = values[ALLOW_PLAIN_HTTP_FLAG] === true;
  const problem = downloadUrl === undefined ? undefined : downloadUrlProblem(downloadUrl, allowPlainHttp);
  if (problem) return fail(problem, 2);
  const started = Date.now();
  try {
    // dist/provider/plugin-pack/cli.js: the package's folder is three levels up.
    const packed = packPlugin({ packageRoot: path.resolve(__dirname, "..", "..", ".."), outDir: out, downloadUrl });
    const v = packed.manifest.version;
    process.stderr.write(`pipestack-pack-plugin: ${packed.tarball} (${Math.round(packed.bytes / 1024)} KB) in ${Date.now() - started} ms\n`);
    process.stderr.write(`install it with: ${installCommand(v, packed.tarball)}\n`);
    process.stdout.write(`${packed.tarball}\n`);
    return 0;
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err), 1);
  }
}

runCommand({ name: "pipestack-pack-plugin", usage: USAGE, options: OPTIONS }, main);
