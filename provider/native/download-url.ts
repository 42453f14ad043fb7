import { downloadUrlProblem } from "../plugin-pack/archive";
import { InvalidArgumentError } from "../errors/operation-errors";

/**
 * Where the engine downloads the plugin from when a program needs it and none is installed: the
 * schema's `pluginDownloadURL`, which every generated SDK passes with each resource it registers.
 * By default the release downloads of the package's repository (scripts/release.js builds the
 * tarballs attached there); a team's mirror replaces it, at SDK build time or per tarball.
 */

/** Set when generating SDKs (or running the plugin that serves the schema) to name a team's mirror. */
export const DOWNLOAD_URL_ENV = "PIPESTACK_PLUGIN_DOWNLOAD_URL";

/**
 * The release downloads of `repository` (`https://<host>/<owner>/<repo>`) for `version`:
 * `<repository>/releases/download/v<version>/`, where the CLI asks for
 * `pulumi-resource-pipestack-v<version>-<os>-<arch>.tar.gz`. Pure.
 */
export function releaseLocation(repository: string, version: string): string {
  return `${repository.replace(/\/+$/, "")}/releases/download/v${version}/`;
}

/** What decides the URL: the environment's override, the one a tarball was packed with, the release's. */
export interface DownloadUrlSources {
  env: NodeJS.ProcessEnv;
  /** The manifest's `pluginDownloadURL` (`pipestack-pack-plugin --download-url`, `npm run release -- --download-url`). */
  packed?: string;
  repository: string;
  version: string;
}

/** The schema's `pluginDownloadURL`: the first of the environment's, the packed one and the release location. Pure; throws on a bad override. */
export function pluginDownloadUrl(s: DownloadUrlSources): string {
  const override = s.env[DOWNLOAD_URL_ENV];
  if (override) {
    const problem = downloadUrlProblem(override, false, DOWNLOAD_URL_ENV);
    if (problem) throw new InvalidArgumentError(problem);
    return override;
  }
  return s.packed ?? releaseLocation(s.repository, s.version);
}
