import * as crypto from "node:crypto";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot } from "./harness";

/** What scripts/sdks.js `buildSdks` returns (see the contract at the top of that file). */
export interface BuiltSdks {
  version: string;
  schema: string;
  languages: string[];
  seconds: Record<string, number>;
  python: { dir: string; wheel: string; sdist: string; packageName: string };
  go: { dir: string; modulePath: string; importPath: string };
  nodejs: { dir: string; packageName: string; tarball: string };
  /** Only with `languages` naming java (not built by default). */
  java?: { dir: string; jar: string; classpath: string[]; packageName: string; groupId: string; artifactId: string; version: string };
}

type Build = (opts: { out: string; languages?: string[]; reuse?: boolean; log?: (line: string) => void }) => Promise<BuiltSdks>;
const { buildSdks } = createRequire(__filename)(path.join(repoRoot, "scripts", "sdks.js")) as { buildSdks: Build };

/**
 * The Python, Go and TypeScript SDKs of this checkout, as `npm run sdks` makes them, built once and
 * shared by every test file that asks (a lock and a manifest in the folder: a second caller waits,
 * then finds the build of the same schema and reuses it). PIPESTACK_SDKS_DIR chooses the folder.
 */
export function builtSdks(): Promise<BuiltSdks> {
  const out =
    process.env.PIPESTACK_SDKS_DIR ?? path.join(os.tmpdir(), `pipestack-sdks-${crypto.createHash("sha256").update(repoRoot).digest("hex").slice(0, 12)}`);
  return buildSdks({ out, reuse: true, log: () => undefined });
}

/** The same command, for a test that builds on its own (other languages, other folders). */
export const buildSdksInto: Build = (opts) => buildSdks(opts);
