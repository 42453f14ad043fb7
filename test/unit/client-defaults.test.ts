/**
 * The client's defaults are stated once (provider/client-defaults.ts): the settings take them,
 * and this file holds what people read to them: the README's settings table, the `@default` tags
 * of provider/config.ts, and every figure of the operation's budget (and of the other defaults)
 * in the README and docs/. A default changed in the code and not in a page fails here.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_DEFAULTS } from "../../provider/client-defaults";
import { docPages } from "../support/doc-blocks";
import { defaultRetryPolicy } from "../../provider/client/retry";
import { resolveSettings, settingKeys, type SettingKey } from "../../provider/config";

const root = path.join(__dirname, "..", "..");
const read = (rel: string) => fs.readFileSync(path.join(root, rel), "utf8");
const pages = docPages(root);

/** The settings as resolved with nothing set: every default the schema fills in. */
const resolved = resolveSettings(() => undefined, {}) as Record<string, unknown>;
const numericDefaults = Object.entries(resolved).filter((e): e is [SettingKey, number] => typeof e[1] === "number");

/**
 * Where the docs state a default in words: the phrase (its figure captured), the default it
 * states, and the figure's unit. Each captured figure must be the code's.
 */
const PHRASES: { phrase: RegExp; is: keyof typeof CLIENT_DEFAULTS; unit: "s" | "ms" }[] = [
  { phrase: /\b(?:the|its|operation's) (\d+) s (?:retry )?(?:budget|limit)\b/g, is: "retryTimeLimitMs", unit: "s" },
  { phrase: /retryTimeLimitMs` \((\d+) s\)/g, is: "retryTimeLimitMs", unit: "s" },
  { phrase: /retryTimeLimitMs \(now (\d+)\)/g, is: "retryTimeLimitMs", unit: "ms" },
  { phrase: /\b[Tt]he (\d+) s bound\b/g, is: "retryTimeLimitMs", unit: "s" },
  { phrase: /\bleft of the (\d+) s\b/g, is: "retryTimeLimitMs", unit: "s" },
  { phrase: /\ban operation ends within (\d+) s\b/g, is: "retryTimeLimitMs", unit: "s" },
  { phrase: /requestTimeoutMs`\)?,? \(?(\d+) s\b/g, is: "requestTimeoutMs", unit: "s" },
  { phrase: /\bbackoff alone is capped at (\d+) s\b/g, is: "retryMaxDelayMs", unit: "s" },
  { phrase: /\bfull jitter, at most (\d+) s\b/g, is: "retryMaxDelayMs", unit: "s" },
  { phrase: /\bno request waits more than (\d+) s for the limit\b/g, is: "maxPaceWaitMs", unit: "s" },
  { phrase: /\bwait for its answer \(at most (\d+) s\)/g, is: "probePatienceMs", unit: "s" },
  { phrase: /\b(?:doubles|grow) up to (\d+) s\b/g, is: "pollMaxIntervalMs", unit: "s" },
];

const BUDGET_S = CLIENT_DEFAULTS.retryTimeLimitMs / 1000;

describe("the client's defaults, stated once", () => {
  it("are what the settings, the retry policy and the client start from", () => {
    expect(resolved).toMatchObject({
      requestTimeoutMs: CLIENT_DEFAULTS.requestTimeoutMs,
      maxResponseBytes: CLIENT_DEFAULTS.maxResponseBytes,
      maxRetries: CLIENT_DEFAULTS.maxRetries,
      retryBaseDelayMs: CLIENT_DEFAULTS.retryBaseDelayMs,
      retryTimeLimitMs: CLIENT_DEFAULTS.retryTimeLimitMs,
      pollIntervalMs: CLIENT_DEFAULTS.pollIntervalMs,
    });
    expect(defaultRetryPolicy).toEqual({
      maxRetries: CLIENT_DEFAULTS.maxRetries,
      baseDelayMs: CLIENT_DEFAULTS.retryBaseDelayMs,
      maxDelayMs: CLIENT_DEFAULTS.retryMaxDelayMs,
      maxElapsedMs: CLIENT_DEFAULTS.retryTimeLimitMs,
    });
  });

  it("the README's settings table has a row for every setting, and each numeric default is the code's", () => {
    const rows = new Map<string, string[]>();
    for (const line of read("README.md").split("\n")) {
      const m = /^\| `pipestack:(\w+)` \|(.*)\|\s*$/.exec(line);
      if (m)
        rows.set(
          m[1],
          m[2].split("|").map((c) => c.trim()),
        );
    }
    expect([...rows.keys()].sort()).toEqual(Object.keys(settingKeys).sort());
    expect(numericDefaults.length, "the numeric settings").toBeGreaterThanOrEqual(6);
    for (const [key, value] of numericDefaults) {
      // Columns after the key: environment, secret, per resource, default, what it is.
      const cells = rows.get(key)!;
      expect(cells[0], `${key}'s environment variable`).toBe(`\`${settingKeys[key].env}\``);
      expect(/^`(\d+)`/.exec(cells[3])?.[1], `README: the default of pipestack:${key}`).toBe(String(value));
    }
  });

  it("provider/config.ts's `@default` tags say the code's defaults", () => {
    const all = read("provider/config.ts");
    const source = all.slice(all.indexOf("export const settingsSchema"));
    for (const [key, value] of numericDefaults) {
      const at = source.indexOf(`\n  ${key}: `);
      expect(at, key).toBeGreaterThan(0);
      const before = source.slice(0, at);
      const doc = before.slice(before.lastIndexOf("/**"));
      expect(/@default (\d+)/.exec(doc)?.[1], `config.ts: @default of ${key}`).toBe(String(value));
    }
  });

  it.each(pages)("%s states each default as the code has it, and every budget figure is bound to it", (page) => {
    const text = read(page);
    const bound: [number, number][] = [];
    for (const { phrase, is, unit } of PHRASES) {
      for (const m of text.matchAll(phrase)) {
        const want = unit === "s" ? CLIENT_DEFAULTS[is] / 1000 : CLIENT_DEFAULTS[is];
        expect(Number(m[1]), `${page}: "${m[0]}" states ${is}`).toBe(want);
        bound.push([m.index, m.index + m[0].length]);
      }
    }
    // A figure of the budget in words no phrase above binds would go stale unseen.
    for (const m of text.matchAll(new RegExp(`(?<![\\d.])${BUDGET_S} s\\b`, "g"))) {
      const inside = bound.some(([from, to]) => m.index >= from && m.index < to);
      expect(inside, `${page}: "${text.slice(Math.max(0, m.index - 40), m.index + 20)}" states the budget in words this test does not bind`).toBe(true);
    }
  });
});
