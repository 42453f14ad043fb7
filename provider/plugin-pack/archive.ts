/**
 * What the plugin tarball is called and what its manifest says: the names `pulumi plugin install
 * resource pipestack <version> --server <url>` asks a download server for.
 */
import { printable } from "../errors/printable";

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

/** The flag that takes a plain `http:` download URL to another host, and says what that risks (its name; {@link ALLOW_PLAIN_HTTP} as written). */
export const ALLOW_PLAIN_HTTP_FLAG = "allow-plain-http-anyone-on-the-path-can-replace-the-plugin";
export const ALLOW_PLAIN_HTTP = `--${ALLOW_PLAIN_HTTP_FLAG}` as const;

/** A loopback host (`localhost`, 127.0.0.0/8, `::1`): plain HTTP there never leaves the machine. */
export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Reasons a download URL is refused, or undefined when it is usable. `http:` is refused unless
 * the host is loopback or `allowPlainHttp` (the {@link ALLOW_PLAIN_HTTP} flag) is given: the
 * engine and the SDKs download the plugin from it and run it, so over plain HTTP anything on the
 * network path can replace the code they run. `setting` names where the URL came from.
 */
export function downloadUrlProblem(url: string, allowPlainHttp = false, setting = "--download-url"): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${setting} ${printable(JSON.stringify(url))} is not a URL`;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return `${setting} must be https:// (or http:// on loopback), not ${printable(parsed.protocol)}`;
  if (parsed.username || parsed.password) return `${setting} must not carry credentials (the schema is public)`;
  if (parsed.protocol === "http:" && !isLoopback(parsed.hostname) && !allowPlainHttp) {
    return (
      `${setting} ${printable(parsed.origin)} is plain http: the engine and the SDKs would download the plugin over it and run it, ` +
      `so anything on the network path could replace that code. Serve the plugin over https://${setting === "--download-url" ? `, or, knowing that risk, add ${ALLOW_PLAIN_HTTP}` : ""}`
    );
  }
  return undefined;
}
