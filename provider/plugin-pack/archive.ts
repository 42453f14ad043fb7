/**
 * What the plugin tarball is called and what its manifest says: the names `pulumi plugin install
 * resource pipestack <version> --server <url>` asks a download server for.
 */

/** The plugin's name, as `pulumi-resource-<name>` and in the schema. */
export const PLUGIN_NAME = "pipestack";

/** The operating system as the CLI spells it in plugin file names. */
export function pluginOs(platform: NodeJS.Platform): string {
  return platform === "win32" ? "windows" : platform;
}

/** The architecture as the CLI spells it in plugin file names. */
export function pluginArch(arch: string): string {
  return arch === "x64" ? "amd64" : arch;
}

/** `pulumi-resource-pipestack-v<version>-<os>-<arch>.tar.gz`: the file the CLI downloads from `<server>/`. */
export function archiveName(version: string, platform: NodeJS.Platform, arch: string): string {
  return `pulumi-resource-${PLUGIN_NAME}-v${version}-${pluginOs(platform)}-${pluginArch(arch)}.tar.gz`;
}

/**
 * The plugin's own package.json: its version (GetPluginInfo and the schema's `version`) and, when
 * a team serves the tarball itself, the `pluginDownloadURL` the schema carries, which generated
 * SDKs and the engine then use to download the plugin.
 */
export interface PluginManifest {
  name: string;
  version: string;
  license: string;
  private: true;
  pluginDownloadURL?: string;
}

/** Reasons a download URL is refused, or undefined when it is usable; `setting` names where it came from. */
export function downloadUrlProblem(url: string, setting = "--download-url"): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${setting} ${JSON.stringify(url)} is not a URL`;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return `${setting} must be http(s)://, not ${parsed.protocol}`;
  if (parsed.username || parsed.password) return `${setting} must not carry credentials (the schema is public)`;
  return undefined;
}
