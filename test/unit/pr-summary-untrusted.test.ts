/** Untrusted text into markdown (provider/pr-summary/untrusted.ts): each form, and what a GFM parser makes of it in a table cell. */
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";
import { code, joinWithin, oneLine, text, visible } from "../../provider/pr-summary/untrusted";

const html = (md: string) => micromark(md, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
const decode = (h: string) =>
  h
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Inputs that broke out of a cell or a span once, or could. */
const HOSTILE: readonly (readonly [string, string])[] = [
  ["a lone CR", "a\r<!--"],
  ["CRLF, LF", "a\r\nb\nc"],
  ["the Unicode separators and NEL", "a\u2028b\u2029c\u0085d"],
  ["a closing comment and a table", "zz\r-->\r<table><tr><td>x</td></tr></table>"],
  ["a run of two backticks", "a``<img src=x>``b"],
  ["backticks at the ends", "`a`"],
  ["a pipe", "a|b"],
  ["a backslash before a pipe", "a\\|b"],
  ["two backslashes before a pipe", "a\\\\|b"],
  ["a trailing backslash", "a\\"],
  ["markdown in prose", "**b** _i_ [l](https://x.test) ~~s~~ ![i](x)"],
  ["a mention and an e-mail address", "@reviewer hi a@b.test"],
  ["an entity", "&lt;b&gt; &amp;"],
  ["spaces at the ends", " a "],
  ["controls, bidi overrides, colours", "a\u0000b\u001b[31mred\u001b[0m\u202eevil\u0007"],
  ["invisible characters", "orders\u200B \u200C\u200D\u2060\u2061\u2064\uFEFF\u00A0\u00AD\uFE0F\u{E0041}"],
  ["a written escape", "<U+200B>"],
  ["the summary's mark", "⚠️ safe to merge"],
  ["issue references", "#123 GH-1 owner/repo#2 gh-3"],
];

describe("visible: what shows nothing or passes for another character, as an escape", () => {
  it.each([
    ["orders\u200B", "orders<U+200B>"],
    ["a\u200C\u200D\u2060\u2061\u2062\u2063\u2064\uFEFFb", "a<U+200C><U+200D><U+2060><U+2061><U+2062><U+2063><U+2064><U+FEFF>b"],
    ["no\u00A0break\u2003em\u3000ideographic", "no<U+00A0>break<U+2003>em<U+3000>ideographic"],
    ["soft\u00ADhyphen, filler\u3164, selector\uFE0F, tag\u{E0041}", "soft<U+00AD>hyphen, filler<U+3164>, selector<U+FE0F>, tag<U+E0041>"],
    ["a\nb\rc\u2028d", "a<U+000A>b<U+000D>c<U+2028>d"],
    ["⚠️ mark", "<U+26A0><U+FE0F> mark"],
    ["<U+200B> typed", "<U+003C>U+200B> typed"],
    ["plain text, é, 😀, a space", "plain text, é, 😀, a space"],
  ])("%j -> %j", (raw, shown) => {
    expect(visible(raw)).toBe(shown);
  });

  it("two names that differ never show alike", () => {
    const names = ["orders", "orders\u200B", "orders\u2060", "orders\uFEFF", "orders ", "orders\u00A0", "orders<U+200B>", "orders\n"];
    expect(new Set(names.map(visible)).size).toBe(names.length);
    expect(new Set(names.map((n) => html(code(n)))).size).toBe(names.length);
  });
});

describe("oneLine", () => {
  it.each([
    ["a\rb\r\nc\nd\u2028e\u2029f\u0085g\th", "a b c d e f g h"],
    ["\u001b[1;31mred\u001b[0m", "red"],
    ["a\u0000b\u007fc\u009fd\u202ee\u2066f", "a<U+0000>b<U+007F>c<U+009F>d<U+202E>e<U+2066>f"],
    ["plain text, 😀", "plain text, 😀"],
  ])("%j -> %j", (raw, flat) => {
    expect(oneLine(raw)).toBe(flat);
  });
});

describe("text: prose with every syntax character an entity", () => {
  it.each([
    ["<b>&", "&lt;b&gt;&amp;"],
    ["a|b\\c`d", "a&#124;b&#92;c&#96;d"],
    ["*_[]~!#$^", "&#42;&#95;&#91;&#93;&#126;&#33;&#35;&#36;&#94;"],
    ["@reviewer", "@\u2060reviewer"],
    ["#123 GH-1 a/b#2", "&#35;\u2060123 GH\u2060-1 a/b&#35;\u20602"],
    ["zero\u200Bwidth", "zero&lt;U+200B&gt;width"],
    ["see https://x.test or www.x.test", "see https:\u2060//x.test or www\u2060.x.test"],
    ["POST /v1/pipes -> 409: x.y (z)", "POST /v1/pipes -&gt; 409: x.y (z)"],
  ])("%j -> %j", (raw, md) => {
    expect(text(raw)).toBe(md);
  });

  it("is cut at whole entities and code points, within its cap", () => {
    expect(text("<<<<<", 10)).toBe("&lt;&lt;…");
    expect(text("😀😀😀", 4)).toBe("😀…");
    expect(text("x".repeat(5_000)).length).toBeLessThanOrEqual(1_000);
  });
});

describe("code: a span no run of backticks closes, safe in a cell", () => {
  it.each([
    ["orders", "`orders`"],
    ["a`b", "`` a`b ``"],
    ["a``b", "``` a``b ```"],
    ["`a`", "`` `a` ``"],
    ["a|b\nc", "`a\\|b<U+000A>c`"],
    ["a\\|b", "`a\\\u200B\\|b`"],
    [" a ", "`  a  `"],
  ])("%j -> %j", (raw, md) => {
    expect(code(raw)).toBe(md);
  });

  it("is cut inside its fences, within its cap", () => {
    const c = code(`${"`".repeat(3)}${"x".repeat(5_000)}`);
    expect(c.length).toBeLessThanOrEqual(200);
    expect(c).toMatch(/^```` ```x+… ````$/);
    const ticks = code("`".repeat(500));
    expect(ticks.length).toBeLessThanOrEqual(200);
    expect(html(ticks)).toMatch(/^<p><code>`+…<\/code><\/p>$/);
  });
});

describe("in a GFM table cell, each form shows the text as it is, and nothing else", () => {
  it.each(HOSTILE)("%s", (_name, raw) => {
    const h = html(`| a | b |\n|---|---|\n| ${code(raw)} | ${text(raw)} |\n`);
    expect(h.match(/<tr>/g), "one header row, one body row").toHaveLength(2);
    const cells = [...h.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1]);
    expect(cells).toHaveLength(2);
    const flat = oneLine(raw);
    // The code cell is one span holding the text exactly, invisible characters and line breaks as
    // escapes (a zero-width space of ours keeps a backslash off an escaped pipe).
    expect(cells[0]).toMatch(/^<code>[^<]*<\/code>$/);
    expect(decode(cells[0].slice(6, -7)).replace(/\\\u200B/g, "\\")).toBe(visible(raw));
    // The prose cell is the text (the cell trims its ends), with no tag at all: no link, no mention.
    expect(cells[1]).not.toContain("<");
    expect(decode(cells[1]).replace(/\u2060/g, "")).toBe(flat.trim());
    // Nothing a reader cannot see, but our own word joiners; no live issue reference, no mark of ours.
    expect(
      decode(cells.join(""))
        .replace(/\u2060/g, "")
        .replace(/\\\u200B/g, ""),
    ).not.toMatch(/[\u200B-\u200F\u2060-\u2064\uFEFF\u00A0\u26A0]/);
    expect(decode(cells[1]), "no issue reference").not.toMatch(/#[0-9]|gh-[0-9]/i);
  });
});

describe("joinWithin", () => {
  const more = (n: number) => `+${n}`;
  it.each([
    [["a", "b", "c"], 100, Infinity, "a,b,c"],
    [["a", "b", "c"], 100, 2, "a,b,+1"],
    [["aaaa", "bbbb", "cccc"], 10, Infinity, "aaaa,+2"],
    [["aaaa", "bbbb"], 9, Infinity, "aaaa,bbbb"],
    [[], 10, Infinity, ""],
  ] as const)("%j within %i, at most %s items: %s", (items, max, maxItems, out) => {
    expect(joinWithin(items, ",", max, more, maxItems)).toBe(out);
  });
});
