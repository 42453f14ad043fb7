/**
 * TypeScript's language service over one probe file under `examples/` that imports the package
 * by name (its built dist/ types), as an editor sees a user's program. The probe's text may
 * change between questions: `text()` is read each time its version, `version()`, changes.
 */
import * as path from "node:path";
import * as ts from "typescript";

const root = path.resolve(__dirname, "..", "..");

export function probeLanguageService(file: string, text: () => string, version: () => number = () => 1): ts.LanguageService {
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    rootDir: path.join(root, "examples"),
    types: ["node"],
    skipLibCheck: true,
  };
  return ts.createLanguageService({
    getScriptFileNames: () => [file],
    getScriptVersion: (f) => (f === file ? String(version()) : "1"),
    getScriptSnapshot: (f) =>
      f === file ? ts.ScriptSnapshot.fromString(text()) : ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)!) : undefined,
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  });
}
