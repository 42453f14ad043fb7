import { describe, expect, it } from "vitest";
import { compilePathPattern, PatternError } from "../../emulator/path-pattern";

const PIPES = "/v1/organizations/o/services/s/pipes";
const PIPE = `${PIPES}/6f0c2a41-0000-4000-8000-000000000001`;
const texts = [PIPES, PIPE, `${PIPE}/state`, "/api/v2/dashboards", "/api/v2", "/", "", "/aaaa", "/aaab", "/a/b/c", "x\ny", "/pipes/", "/PIPES"];

/** Patterns in use (tests, README, issues) and syntax corners: must agree with RegExp on every text. */
const patterns = [
  "/pipes$",
  "/pipes/[^/]+$",
  "^/api/v2/",
  "^/api/v2",
  "pipes",
  "^/$",
  "^$",
  "",
  "/pipes/[^/]+/state$",
  "^/(a+)+$",
  "^/(a|aa)*b$",
  "^/a{2,3}",
  "a{2}",
  "^/a{0,}b",
  "(?:state|settings)$",
  "[a-c]+",
  "[^a-z/]",
  "\\d",
  "\\D+$",
  "\\w{3}",
  "\\s",
  "x.y",
  "x\\ny",
  "^/a*?$",
  "/PIPES|/pipes",
  "[\\]a]",
  "[-a]",
  "[a-]",
  "\\.",
  "^.*$",
  "^(/[a-z]+)*$",
  "s$|^/a",
];

describe("path patterns agree with regular expressions", () => {
  it.each(patterns)("%j", (pattern) => {
    const ours = compilePathPattern(pattern);
    const theirs = new RegExp(pattern);
    for (const text of texts) expect(ours.test(text), `${pattern} on ${JSON.stringify(text)}`).toBe(theirs.test(text));
  });
});

describe("patterns it refuses", () => {
  it.each([
    ["(a", "unterminated group"],
    ["a)", "unmatched )"],
    ["[a", "unterminated character class"],
    ["*a", "nothing to repeat"],
    ["a**", "nothing to repeat"],
    ["(?=a)", "look-around"],
    ["(a)\\1", "\\1 is not supported"],
    ["\\bpipes", "\\b is not supported"],
    ["a{3,1}", "numbers out of order"],
    ["(((a{50}){50}){50})", "pattern too large"],
  ])("%j: %s", (pattern, reason) => {
    expect(() => compilePathPattern(pattern)).toThrow(PatternError);
    expect(() => compilePathPattern(pattern)).toThrow(reason);
  });
});

describe("time", () => {
  it("answers a catastrophic pattern on a long path in linear time", () => {
    const text = `/${"a".repeat(20_000)}!`;
    const began = Date.now();
    expect(compilePathPattern("^/(a+)+$").test(text)).toBe(false);
    expect(compilePathPattern("^/(a|aa)*$").test(text)).toBe(false);
    expect(compilePathPattern("(a*)*b").test(text)).toBe(false);
    expect(Date.now() - began).toBeLessThan(2_000);
  });
});
