import * as fs from "node:fs";
import * as sea from "node:sea";

/**
 * The package's own data files (its package.json, the native plugin's doc comments): beside the
 * code in an installed package, or among the assets of the plugin's single executable, which has
 * no package folder around it (scripts/release/sea.js embeds them under these names).
 */
export type PackageFile = "package.json" | "docs.json";

/** The file's text: the executable's asset of that name when running as one, else the file at `diskPath` (which may throw). */
export function readPackageFile(name: PackageFile, diskPath: string): string {
  return sea.isSea() ? sea.getAsset(name, "utf8") : fs.readFileSync(diskPath, "utf8");
}
