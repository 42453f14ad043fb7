/**
 * The layer rule's messages (`no-restricted-imports`) for each text linted as the file it names,
 * with the repository's ESLint configuration. Type-aware linting builds a TypeScript program, one
 * synchronous stretch of seconds, minutes loaded: run this in a worker thread (`inWorker`), all
 * cases at once, never in a test worker (issue 46).
 */
import * as path from "node:path";
import { ESLint } from "eslint";

export async function layerFindingsOf(root: string, cases: [file: string, text: string][]): Promise<string[][]> {
  const eslint = new ESLint({ cwd: root });
  const out: string[][] = [];
  for (const [file, text] of cases) {
    const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
    out.push(result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message));
  }
  return out;
}
