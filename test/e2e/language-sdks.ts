/**
 * The native provider's Python and Go SDKs for the Automation API tests, generated from the schema
 * the plugin of this checkout serves by Pulumi's own generators (scripts/schema-tool), as
 * test/e2e/native-python.test.ts does. One function, shaped as `buildSdks` of scripts/sdks.js
 * (`{ out, languages }` in; each language's folder, module path and version out), so the tests can
 * be pointed at that command's output without other changes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { repoRoot } from "./harness";
import { packageSchema, run, schemaTool } from "./package-schema";

export type SdkLanguage = "python" | "go";

/** What was built: each asked language's SDK, all of the package's version. */
export interface BuiltSdks {
  version: string;
  /** The schema file the SDKs were made from. */
  schema: string;
  python?: { dir: string; packageName: string };
  go?: { dir: string; modulePath: string; importPath: string };
  seconds: Record<string, number>;
}

const packageVersion = (): string => (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

/**
 * The schema as SDKs are built from it: the package's version where the plugin leaves it out (an
 * SDK of version 0.0.0 makes the engine look for plugin v0.0.0), and `supportPack`, with which
 * the generators write that version into each SDK (Python's `get_version`, Go's default resource
 * options and its `go.mod`).
 */
export function sdkSchema(text: string): string {
  const schema = JSON.parse(text) as { version?: string; meta?: Record<string, unknown> };
  schema.version ??= packageVersion();
  schema.meta = { supportPack: true, ...schema.meta };
  return JSON.stringify(schema);
}

/** The module path a generated Go SDK declares in its `go.mod`. */
export function goModulePath(dir: string): string {
  const mod = /^module\s+(\S+)/m.exec(fs.readFileSync(path.join(dir, "go.mod"), "utf8"));
  if (!mod) throw new Error(`${dir}/go.mod names no module`);
  return mod[1];
}

/** Generates the SDKs of `languages` into `out/<language>`. */
export async function buildSdks(opts: { out: string; languages: SdkLanguage[] }): Promise<BuiltSdks> {
  const seconds: Record<string, number> = {};
  const home = path.join(opts.out, "home");
  let started = Date.now();
  const tool = await schemaTool();
  const text = sdkSchema(await packageSchema(home));
  const schema = path.join(opts.out, "schema.json");
  fs.writeFileSync(schema, text);
  seconds.schema = (Date.now() - started) / 1000;
  const built: BuiltSdks = { version: (JSON.parse(text) as { version: string }).version, schema, seconds };
  for (const language of opts.languages) {
    started = Date.now();
    const dir = path.join(opts.out, language);
    const gen = await run(tool, ["gen", language, dir], { home, input: text });
    if (gen.code !== 0) throw new Error(`schema-tool gen ${language} failed\n${gen.stderr}`);
    if (language === "python") built.python = { dir, packageName: "pulumi_pipestack" };
    else {
      const modulePath = goModulePath(dir);
      built.go = { dir, modulePath, importPath: `${modulePath}/pipestack` };
    }
    seconds[language] = (Date.now() - started) / 1000;
  }
  return built;
}
