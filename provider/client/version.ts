import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The package version, for the User-Agent. Read once from the installed package.json. */
const packageVersion: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
})();

export const userAgent = `pulumi-pipestack/${packageVersion} (node ${process.version})`;
