import { describe, expect, it } from "vitest";
import { defaultRetryPolicy } from "../../provider/client/retry";
import { RetryBudget } from "../../provider/client/retry-budget";
import { createMarker, createOnce, isMarker } from "../../provider/engine/create-once";
import { ApiClient } from "../../provider/client/client";
import { stackServerSurface } from "../../provider/client/surface";
import { isTemporaryNameOf, temporaryName } from "../../provider/resources/pipe/api";
import { carriesMarker, markedBody } from "../../provider/engine/stack/api";

describe("a create's marker", () => {
  it("is unique to one create and fits a tag (32 characters)", () => {
    const markers = Array.from({ length: 1000 }, createMarker);
    expect(new Set(markers).size).toBe(1000);
    for (const m of markers) expect(m.length).toBeLessThanOrEqual(32);
  });
  it.each([
    ["a marker", createMarker(), true],
    ["the prefix alone", "pipestack-create-", false],
    ["a tag of the program", "team-a", false],
    ["upper-case digits", "pipestack-create-ABCDEF012345", false],
    ["not a string", 42, false],
  ])("%s: %s", (_what, value, expected) => {
    expect(isMarker(value)).toBe(expected);
  });
});

describe("where a marker travels", () => {
  const marker = "pipestack-create-0123456789ab";
  it.each([
    ["a pipe's temporary name of its own", "events", temporaryName("events", marker), true],
    ["a long name, cut to 200 characters first", "x".repeat(255), temporaryName("x".repeat(255), marker), true],
    ["the name itself", "events", "events", false],
    ["another pipe's temporary name", "events", temporaryName("events-2", marker), false],
    ["a name that only looks like one", "events", "events--pipestack-create-later", false],
  ])("%s", (_what, name, held, expected) => {
    expect(isTemporaryNameOf(name, held)).toBe(expected);
    expect(temporaryName(name, marker).length).toBeLessThanOrEqual(255);
  });
  it.each([
    ["tags: the marker is the only tag sent", "tags", { name: "b", tags: ["team-a"], id: "x" }, { name: "b", tags: [marker] }],
    ["note: the marker takes the note's place", "note", { message: "m", note: "call me" }, { message: "m", note: marker }],
    ["name: the first generation's alert", "name", { threshold: 1 }, { threshold: 1, name: marker }],
  ] as const)("%s", (_what, field, body, sent) => {
    expect(markedBody(body, { field, value: marker })).toEqual(sent);
    expect(carriesMarker(sent, { field, value: marker })).toBe(true);
    expect(carriesMarker(body, { field, value: marker })).toBe(false);
  });
});

describe("one retry budget per operation", () => {
  it("gives maxRetries waits, then none, whoever asks", () => {
    const budget = new RetryBudget({ ...defaultRetryPolicy, maxRetries: 3, baseDelayMs: 10 }, () => 0.5);
    const asked = { header: "Retry-After", value: "0", ms: 0 };
    const waits = [budget.next(), budget.next({ kind: "status", status: 429, asked }), budget.next(), budget.next()];
    expect(waits).toEqual([{ kind: "wait", ms: 5 }, { kind: "wait", ms: 0 }, { kind: "wait", ms: 20 }, { kind: "spent" }]);
    expect(budget.spent).toBe(3);
  });
});

describe("a create's clock", () => {
  it("is the client's: every wait of createOnce runs on the time the client's other requests read", async () => {
    const clock = { now: () => 1_000, sleep: () => Promise.resolve() };
    const client = new ApiClient({ surface: stackServerSurface("http://127.0.0.1:9", "token"), clock });
    let seen: unknown;
    await createOnce<{ id: string }>(
      {
        what: "thing",
        post: (ctx) => {
          seen = ctx.budget.clock;
          return Promise.resolve({ id: "a" });
        },
        list: () => Promise.resolve([]),
        id: (o) => o.id,
        howToAdopt: () => "",
      },
      client,
    );
    expect(seen).toBe(clock);
  });
});
