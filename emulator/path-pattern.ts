/**
 * The path patterns of scripted faults: regular-expression syntax (`/pipes$`,
 * `/pipes/[^/]+$`, `^/api/v2/`) matched in linear time. JavaScript's own engine
 * backtracks: `^/(a+)+$` against a long path runs for hours on the one thread that also
 * answers requests and signals. Here a pattern becomes a Thompson automaton and the text is
 * read once, keeping every live state at a time: O(text × pattern), whatever the pattern.
 *
 * Supported: literals, `.`, classes (`[a-z]`, `[^/]`, `\d \w \s` and their negations),
 * groups (`(...)`, `(?:...)`), `|`, `* + ?`, `{n}`, `{n,}`, `{n,m}` (lazy forms too), `^`,
 * `$`. Refused with a reason: back-references, look-around, word boundaries, flags.
 */

type CharTest = (c: string) => boolean;

type Node =
  | { type: "char"; test: CharTest }
  | { type: "start" }
  | { type: "end" }
  | { type: "seq"; items: Node[] }
  | { type: "alt"; options: Node[] }
  | { type: "repeat"; node: Node; min: number; max: number };

/** Automaton states: one char test, an assertion, or free moves to `outs`. */
type State = { kind: "char"; test: CharTest; out: number } | { kind: "start" | "end"; out: number } | { kind: "free"; outs: number[] } | { kind: "match" };

/** Larger automata are refused (a `{1000}` of a group would otherwise grow without bound). */
const MAX_STATES = 5_000;

/** A pattern the matcher does not take; its message says why. */
export class PatternError extends Error {}

const CLASSES: Record<string, CharTest> = {
  d: (c) => c >= "0" && c <= "9",
  w: (c) => /^[A-Za-z0-9_]$/.test(c),
  s: (c) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v",
};
const CONTROL: Record<string, string> = { n: "\n", t: "\t", r: "\r", f: "\f", v: "\v" };

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.at < this.text.length) throw new PatternError(`unmatched ) at ${this.at}`);
    return node;
  }

  private peek(): string | undefined {
    return this.text[this.at];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === "|") {
      this.at += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { type: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    for (let c = this.peek(); c !== undefined && c !== "|" && c !== ")"; c = this.peek()) {
      items.push(this.quantified(this.atom()));
    }
    return { type: "seq", items };
  }

  private quantified(node: Node): Node {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === "*" || c === "+" || c === "?") {
      this.at += 1;
      [min, max] = c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : [0, 1];
    } else if (c === "{" && /^\{\d+(,\d*)?\}/.test(this.text.slice(this.at))) {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.text.slice(this.at)) as RegExpExecArray;
      this.at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      if (max < min) throw new PatternError(`numbers out of order in ${m[0]}`);
    } else {
      return node;
    }
    if (node.type === "start" || node.type === "end") throw new PatternError("nothing to repeat");
    if (this.peek() === "?") this.at += 1; // lazy: the same strings match
    if ("*+?{".includes(this.peek() ?? "") && this.peek() !== undefined) throw new PatternError(`nothing to repeat at ${this.at}`);
    return { type: "repeat", node, min, max };
  }

  private atom(): Node {
    const c = this.peek() as string;
    this.at += 1;
    switch (c) {
      case "^":
        return { type: "start" };
      case "$":
        return { type: "end" };
      case ".":
        return { type: "char", test: (x) => x !== "\n" && x !== "\r" };
      case "(": {
        if (this.peek() === "?") {
          if (this.text[this.at + 1] !== ":") throw new PatternError("look-around and named groups are not supported");
          this.at += 2;
        }
        const inner = this.alternation();
        if (this.peek() !== ")") throw new PatternError("unterminated group");
        this.at += 1;
        return inner;
      }
      case "[":
        return { type: "char", test: this.charClass() };
      case "\\":
        return { type: "char", test: this.escape() };
      case "*":
      case "+":
      case "?":
      case "{":
        throw new PatternError(`nothing to repeat at ${this.at - 1}`);
      default:
        return { type: "char", test: (x) => x === c };
    }
  }

  /** After a backslash, outside or inside a class. */
  private escape(): CharTest {
    const c = this.peek();
    if (c === undefined) throw new PatternError("\\ at end of pattern");
    this.at += 1;
    const lower = c.toLowerCase();
    const named = CLASSES[lower];
    if (named) return c === lower ? named : (x) => !named(x);
    if (CONTROL[c] !== undefined) return (x) => x === CONTROL[c];
    if (/[A-Za-z0-9]/.test(c)) throw new PatternError(`\\${c} is not supported`);
    return (x) => x === c;
  }

  private charClass(): CharTest {
    const negated = this.peek() === "^";
    if (negated) this.at += 1;
    const tests: CharTest[] = [];
    let first = true;
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new PatternError("unterminated character class");
      if (c === "]" && !first) break;
      first = false;
      this.at += 1;
      let low: string | undefined;
      if (c === "\\") {
        const test = this.escape();
        const escaped = this.text[this.at - 1];
        if (CLASSES[escaped.toLowerCase()]) {
          tests.push(test);
          continue;
        }
        low = CONTROL[escaped] ?? escaped;
      } else {
        low = c;
      }
      if (this.peek() === "-" && this.text[this.at + 1] !== "]" && this.text[this.at + 1] !== undefined) {
        this.at += 1;
        let high = this.peek() as string;
        this.at += 1;
        if (high === "\\") {
          high = this.text[this.at];
          this.at += 1;
          high = CONTROL[high] ?? high;
        }
        if (high < low) throw new PatternError(`range out of order in character class: ${low}-${high}`);
        const from = low;
        tests.push((x) => x >= from && x <= high);
      } else {
        const only = low;
        tests.push((x) => x === only);
      }
    }
    this.at += 1;
    return negated ? (x) => !tests.some((t) => t(x)) : (x) => tests.some((t) => t(x));
  }
}

/** Builds states backwards: each node is compiled with the state it continues to. */
class Compiler {
  readonly states: State[] = [{ kind: "match" }];

  private add(state: State): number {
    if (this.states.length >= MAX_STATES) throw new PatternError(`pattern too large (more than ${MAX_STATES} states)`);
    this.states.push(state);
    return this.states.length - 1;
  }

  compile(node: Node, next: number): number {
    switch (node.type) {
      case "char":
        return this.add({ kind: "char", test: node.test, out: next });
      case "start":
      case "end":
        return this.add({ kind: node.type, out: next });
      case "seq":
        return node.items.reduceRight((out, item) => this.compile(item, out), next);
      case "alt":
        return this.add({ kind: "free", outs: node.options.map((option) => this.compile(option, next)) });
      case "repeat": {
        let tail = next;
        if (node.max === Infinity) {
          const loop = this.add({ kind: "free", outs: [] });
          (this.states[loop] as { outs: number[] }).outs.push(this.compile(node.node, loop), next);
          tail = loop;
        } else {
          for (let i = node.min; i < node.max; i++) tail = this.add({ kind: "free", outs: [this.compile(node.node, tail), next] });
        }
        for (let i = 0; i < node.min; i++) tail = this.compile(node.node, tail);
        return tail;
      }
    }
  }
}

/** A compiled pattern; `test` searches anywhere in the text, as `RegExp.prototype.test` does. */
export interface PathPattern {
  readonly source: string;
  test(text: string): boolean;
}

/** Compiles a pattern; throws {@link PatternError} for syntax it does not take. */
export function compilePathPattern(source: string): PathPattern {
  const compiler = new Compiler();
  const start = compiler.compile(new Parser(source).parse(), 0);
  const states = compiler.states;

  /** Adds `state` and every state reachable from it without reading, at text position `at`. */
  function enter(state: number, at: number, length: number, into: Set<number>, seen: Set<number>): boolean {
    if (seen.has(state)) return false;
    seen.add(state);
    const s = states[state];
    switch (s.kind) {
      case "match":
        return true;
      case "char":
        into.add(state);
        return false;
      case "start":
        return at === 0 && enter(s.out, at, length, into, seen);
      case "end":
        return at === length && enter(s.out, at, length, into, seen);
      case "free":
        return s.outs.some((out) => enter(out, at, length, into, seen));
    }
  }

  return {
    source,
    test(text) {
      let live = new Set<number>();
      for (let at = 0; ; at++) {
        const seen = new Set<number>();
        // Unanchored search: a match may begin at any position.
        let matched = enter(start, at, text.length, live, seen);
        if (matched) return true;
        if (at === text.length) return false;
        const c = text[at];
        const next = new Set<number>();
        const nextSeen = new Set<number>();
        for (const state of live) {
          const s = states[state] as Extract<State, { kind: "char" }>;
          if (s.test(c) && enter(s.out, at + 1, text.length, next, nextSeen)) matched = true;
        }
        if (matched) return true;
        live = next;
      }
    },
  };
}
