import { join } from "node:path";
import { readPackageFile } from "../package-files";

/** The package version, for the User-Agent. Read once from the installed package.json (or the executable's copy). */
const packageVersion: string = (() => {
  try {
    const pkg = JSON.parse(readPackageFile("package.json", join(__dirname, "..", "..", "..", "package.json"))) as { version?: string };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
})();

export const userAgent = `pulumi-pipestack/${packageVersion} (node ${process.version})`;
