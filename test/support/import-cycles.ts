/**
 * The circles of a tree's relative imports: files that import each other in a loop, found as the
 * strongly connected components of the import graph (Tarjan). Type-only imports count: a circle
 * of types still makes each file's meaning wait on the others'.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** File -> the files of the tree it imports, by paths relative to the tree's root. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const SOURCE = /\.(ts|js|mjs|cjs)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']*)["']/gm;

/** The relative specifiers `text` imports, exports from or requires, in order. */
export function relativeSpecifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => m[1]);
}

/** The file of `files` that `specifier`, imported from `from`, names (as Node and TypeScript resolve it), if any. */
export function resolveImport(files: ReadonlySet<string>, from: string, specifier: string): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|mjs|cjs)$/, "");
  const candidates = [base, `${stem}.ts`, `${base}.ts`, `${base}.js`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.js`];
  return candidates.find((c) => files.has(c));
}

/** The import graph of `texts` (path -> source text), edges only to files among them. */
export function importGraph(texts: ReadonlyMap<string, string>): ImportGraph {
  const files = new Set(texts.keys());
  return new Map(
    [...texts].map(([file, text]) => [
      file,
      [...new Set(relativeSpecifiers(text).flatMap((s) => resolveImport(files, file, s) ?? []))].filter((to) => to !== file),
    ]),
  );
}

/** Every circle of `graph`: each its files, sorted; the circles sorted by their first file. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let f = stack.pop()!; ; f = stack.pop()!) {
      onStack.delete(f);
      component.push(f);
      if (f === file) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The source files below each of `folders` of `root` (node_modules and dist aside), path -> text. */
export function sourceTexts(root: string, folders: readonly string[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const folder of folders) {
    for (const rel of fs.readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })) {
      const file = path.posix.join(folder, rel.split(path.sep).join("/"));
      if (/(^|\/)(node_modules|dist)\//.test(file) || !SOURCE.test(file) || file.endsWith(".d.ts")) continue;
      texts.set(file, fs.readFileSync(path.join(root, file), "utf8"));
    }
  }
  return texts;
}
