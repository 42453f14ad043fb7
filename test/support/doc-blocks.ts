/**
 * The fenced code blocks of a markdown page, and TypeScript blocks merged into one program: each
 * block's imports gathered at the top (named imports of one module joined), the rest in the
 * page's order. How the docs tests take the examples as written.
 */

import * as fs from "node:fs";
import * as path from "node:path";

/** The pages a user reads, relative to the checkout `root`: the README and every page of docs/. */
export const docPages = (root: string): string[] => [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** One fenced block: its language tag and text. */
export interface Block {
  readonly lang: string;
  readonly code: string;
  /** The line of the page its fence opens on (1-based), for messages. */
  readonly line: number;
}

/** Every fenced block of `markdown`. Pure. */
export function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^```([\w-]*)\n([\s\S]*?)^```$/gm;
  for (let m = fence.exec(markdown); m !== null; m = fence.exec(markdown)) {
    blocks.push({ lang: m[1], code: m[2], line: markdown.slice(0, m.index).split("\n").length });
  }
  return blocks;
}

const IMPORT = /^import\s+(?:\*\s+as\s+(\w+)|\{([^}]*)\})\s+from\s+"([^"]+)";\s*$/;

/** TypeScript blocks as one module: imports merged and first, then each block's code. Pure; throws on an import it cannot read. */
export function oneProgram(blocks: readonly Block[]): string {
  const namespaces = new Map<string, string>();
  const named = new Map<string, Set<string>>();
  const bodies: string[] = [];
  for (const b of blocks) {
    const rest: string[] = [];
    for (const line of b.code.split("\n")) {
      if (!line.startsWith("import ")) {
        rest.push(line);
        continue;
      }
      const m = IMPORT.exec(line);
      if (!m) throw new Error(`line ${b.line}: an import the docs test cannot read: ${line}`);
      if (m[1] !== undefined) namespaces.set(m[1], m[3]);
      else {
        const names = named.get(m[3]) ?? new Set<string>();
        m[2]
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n !== "")
          .forEach((n) => names.add(n));
        named.set(m[3], names);
      }
    }
    bodies.push(`// (block at line ${b.line})`, ...rest);
  }
  return [
    ...[...namespaces].map(([name, mod]) => `import * as ${name} from "${mod}";`),
    ...[...named].map(([mod, names]) => `import { ${[...names].join(", ")} } from "${mod}";`),
    ...bodies,
  ].join("\n");
}
