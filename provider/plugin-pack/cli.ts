/**
 * `pipestack-pack-plugin [--out DIR] [--download-url URL]`: the native provider plugin's tarball,
 * made from the installed package (no checkout), named as `pulumi plugin install --server` asks.
 */
import * as path from "node:path";
import { printable } from "../errors/printable";
import { ALLOW_PLAIN_HTTP, downloadUrlProblem } from "./archive";
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

function fail(message: string, code: number): number {
  process.stderr.write(`pipestack-pack-plugin: ${message}\n`);
  return code;
}

function main(argv: string[]): number {
  let out = process.cwd();
  let downloadUrl: string | undefined;
  let allowPlainHttp = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (arg === "--out" && argv[i + 1] !== undefined) out = path.resolve(argv[++i]);
    else if (arg === "--download-url" && argv[i + 1] !== undefined) downloadUrl = argv[++i];
    else if (arg === ALLOW_PLAIN_HTTP) allowPlainHttp = true;
    else return fail(`unknown argument ${arg}\n${USAGE}`, 2);
  }
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
    return fail(printable(err instanceof Error ? err.message : String(err), "keep line feeds"), 1);
  }
}

process.exitCode = main(process.argv.slice(2));
