/**
 * The one escape of control characters for text from outside on its way to a terminal
 * (`provider/errors/printable.ts`), and the gates that use it: an API error built from a
 * server's answer, the body gist, the provider's last gate before an error leaves it.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../provider/errors";
import { printable } from "../../provider/errors/printable";
import { gist } from "../../provider/client/surface";
import { blanked } from "../../provider/engine/blank-errors";
import { reportProgress, reportWarning, setProgressSink } from "../../provider/progress/report";

/** What a terminal acts on: nothing of it may be left in printed text. */
const ACTIVE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const HOSTILE = "\u001b]0;pwned\u0007\u001b[2J\u001b[1;1Hall good\r\nnext\u2028line\u009b31m\u202eevil";

describe("printable", () => {
  it.each([
    ["an OSC title and a screen clear", "\u001b]0;pwned\u0007\u001b[2J", "\\x1b]0;pwned\\x07\\x1b[2J"],
    ["CR, LF and the Unicode separators", "a\rb\nc\u2028d\u2029e\u0085f", "a\\x0db\\x0ac\\u2028d\\u2029e\\x85f"],
    ["C1 CSI and DEL", "\u009b2J\u007f", "\\x9b2J\\x7f"],
    ["a bidirectional override", "abc\u202edef", "abc\\u202edef"],
    ["plain text, a tab and a backslash", "orders\t\\x1b é ✓", "orders\t\\x1b é ✓"],
  ])("%s", (_what, raw, shown) => {
    expect(printable(raw)).toBe(shown);
  });

  it("keeps line feeds only when told, and is idempotent", () => {
    expect(printable("a\nb\rc", "keep line feeds")).toBe("a\nb\\x0dc");
    expect(printable(printable(HOSTILE))).toBe(printable(HOSTILE));
    expect(printable(HOSTILE)).not.toMatch(ACTIVE);
  });
});

describe("the gates that use it", () => {
  it("an API error's message: the server's code, words and requestId escaped", () => {
    const err = ApiError.from({ status: 400, apiCode: "BAD\u001b[2J", detail: HOSTILE, requestId: "r\n1", method: "POST", path: "/v1/x", jsonBody: true });
    expect(err.message).not.toMatch(ACTIVE);
    expect(err.message).toContain("\\x1b]0;pwned\\x07");
    expect(err.message).toContain("(requestId r\\x0a1)");
  });

  it("a body's gist", () => {
    expect(gist(`<html>${HOSTILE}</html>`)).not.toMatch(ACTIVE);
    expect(gist("\u001b]0;pwned\u0007 Not Found")).toBe("\\x1b]0;pwned\\x07 Not Found");
  });

  it("the last gate: any error's message as one line, its stack's frames kept", () => {
    const err = blanked(new Error(`create failed:\n${HOSTILE}`), []) as Error;
    expect(err.message.split("\n"), "one line: a line break of the server's splits nothing").toHaveLength(1);
    expect(err.stack!.split("\n")[0]).toBe(`Error: ${err.message}`);
    expect(err.message).not.toMatch(ACTIVE);
    expect(err.stack!.replaceAll("\n", "")).not.toMatch(ACTIVE);
  });
});

describe("the engine's log lines", () => {
  it("a name with a line break or an escape sequence in a progress or warning line stays on its line, escaped", () => {
    const lines: string[] = [];
    const before = setProgressSink((message) => lines.push(message));
    try {
      reportProgress('pipe "orders\nwarning: all clear" still starting after 15 s');
      reportWarning(`dashboard d-1: tile "\u001b[2J\u001b]0;pwned\u0007" (t-1)`);
    } finally {
      setProgressSink(before);
    }
    expect(lines).toEqual(['pipe "orders\\x0awarning: all clear" still starting after 15 s', 'dashboard d-1: tile "\\x1b[2J\\x1b]0;pwned\\x07" (t-1)']);
  });
});
