/**
 * The install command the packer prints, as one a user can copy and run from any folder: the
 * tarball by its absolute path (not its name, which exists only in `--out`), quoted for a POSIX
 * shell when the path holds anything a shell reads. Pure.
 */
import * as path from "node:path";
import { PLUGIN_NAME } from "./archive";

/** `word` as one word of a POSIX shell: as it is when plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'"'"'`)}'`;
}

/** `pulumi plugin install resource pipestack <version> -f <absolute tarball path>`. */
export function installCommand(version: string, tarball: string): string {
  return ["pulumi", "plugin", "install", "resource", PLUGIN_NAME, version, "-f", path.resolve(tarball)].map(shellWord).join(" ");
}
