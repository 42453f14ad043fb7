import { describe, expect, it } from "vitest";
import { fingerprint } from "../../provider/engine/fingerprint";
import { credentialsIn } from "../../provider/engine/fingerprint-search";

const SECRET = 'pk-kafka~pass!w\'o(r)d "q" /+=';
const fps = [fingerprint(SECRET), fingerprint("another-credential")];

describe("credentialsIn: a credential found in an error by its fingerprint", () => {
  it.each<[string, string]>([
    ["as sent", `bad request: ${SECRET} refused`],
    ["JSON-escaped", `body ${JSON.stringify({ password: SECRET })}`],
    ["URL-encoded", `url ?p=${encodeURIComponent(SECRET)}&x=1`],
    ["form-encoded (URLSearchParams)", `form ${new URLSearchParams({ p: SECRET }).toString()}`],
    ["base64", `header ${Buffer.from(SECRET).toString("base64")}`],
    ["base64url", `token ${Buffer.from(SECRET).toString("base64url")}`],
    ["base64 inside a longer text", `auth ${Buffer.from(`user:${SECRET}`).toString("base64")}`],
    ["base64url inside a longer text, another alignment", `auth ${Buffer.from(`xy:${SECRET}`).toString("base64url")}`],
  ])("%s", (_form, text) => {
    expect(credentialsIn(text, fps)).toEqual([SECRET]);
  });

  it.each<[string, string]>([
    ["a text without it", "bad request: nothing to see"],
    ["half of it", `cut ${SECRET.slice(0, 10)}`],
    ["another value of the same length", `x ${"y".repeat(SECRET.length)} z`],
  ])("nothing in %s", (_what, text) => {
    expect(credentialsIn(text, fps)).toEqual([]);
  });

  it("nothing without fingerprints, and no fingerprint is tried that is none", () => {
    expect(credentialsIn(SECRET, [])).toEqual([]);
    expect(credentialsIn(SECRET, [SECRET])).toEqual([]);
  });
});
