/**
 * TypeScript's diagnostics of a set of files, computed in a child process: a whole program's type
 * check is seconds of synchronous work, minutes on a loaded machine, and a test worker whose event
 * loop is blocked past vitest's 60 s RPC timeout fails a green run (issue 46).
 */
import * as path from "node:path";
import type ts from "typescript";
import { runProcess } from "./run-process";

export interface FileDiagnostic {
  code: number;
  /** Zero-based, as `getLineAndCharacterOfPosition` gives it. */
  line: number;
  message: string;
}

const CHILD = `
const ts = require(process.argv[1]);
let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => {
  const { files, options } = JSON.parse(input);
  const by = Object.fromEntries(files.map((f) => [f, []]));
  for (const d of ts.getPreEmitDiagnostics(ts.createProgram(files, options)))
    if (d.file && by[d.file.fileName])
      by[d.file.fileName].push({ code: d.code, line: d.file.getLineAndCharacterOfPosition(d.start ?? 0).line, message: ts.flattenDiagnosticMessageText(d.messageText, "\\n") });
  process.stdout.write(JSON.stringify(by));
});
`;

/** Each file's diagnostics (pre-emit: syntax, options, types) of one program of `files`. */
export async function diagnosticsOf(files: string[], options: ts.CompilerOptions, cwd: string): Promise<Map<string, FileDiagnostic[]>> {
  const typescript = path.join(cwd, "node_modules", "typescript");
  const r = await runProcess(process.execPath, ["-e", CHILD, typescript], { cwd, input: JSON.stringify({ files, options }) });
  if (r.status !== 0) throw new Error(`the type check of ${files.length} files failed to run: ${r.stderr}`);
  return new Map(Object.entries(JSON.parse(r.stdout) as Record<string, FileDiagnostic[]>));
}
