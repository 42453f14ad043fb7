import { describe, expect, it } from "vitest";
import { generationKey } from "../../provider/engine/stack/generation";

/** A target as `generationKey` sees it: the API's base URL and the target's key. */
const target = (baseUrl: string, key: string) => ({ client: { surface: { baseUrl } }, key }) as unknown as Parameters<typeof generationKey>[0];

describe("the key a stack's generation is remembered by", () => {
  it.each([
    ["the same service through two APIs", target("http://a.test", "cloud:o/s"), target("http://b.test", "cloud:o/s"), false],
    ["two services through one API", target("http://a.test", "cloud:o/s1"), target("http://a.test", "cloud:o/s2"), false],
    ["one service through one API", target("http://a.test", "cloud:o/s"), target("http://a.test", "cloud:o/s"), true],
  ])("%s", (_what, a, b, same) => {
    expect(generationKey(a) === generationKey(b)).toBe(same);
  });
});
