/**
 * The in-flight holder rule of every kind with a unique name (provider/engine/name-holder.ts):
 * which holder may be another create in flight (never offered for adoption) and how each is
 * worded; and the pure merge of a shared list with this process's own creates and deletes.
 */
import { describe, expect, it } from "vitest";
import { holderAdvice, IN_FLIGHT_MINUTES, mayBeInFlight, takenBefore, takenMeanwhile, type NameHolder } from "../../provider/engine/name-holder";
import { applied } from "../../provider/engine/shared-list";

const NOW = Date.parse("2026-11-26T10:00:00Z");
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe("mayBeInFlight", () => {
  it.each([
    { createdAt: ago(0), inFlight: true },
    { createdAt: ago(IN_FLIGHT_MINUTES - 0.1), inFlight: true },
    { createdAt: ago(IN_FLIGHT_MINUTES), inFlight: false },
    { createdAt: ago(60), inFlight: false },
    // A clock ahead of ours: made "in the future", so young.
    { createdAt: ago(-1), inFlight: true },
    { createdAt: undefined, inFlight: true },
    { createdAt: null, inFlight: true },
    { createdAt: "not a date", inFlight: true },
  ])("made at $createdAt: $inFlight", ({ createdAt, inFlight }) => {
    expect(mayBeInFlight(createdAt, NOW)).toBe(inFlight);
  });
});

const holder = (over: Partial<NameHolder>): NameHolder => ({
  noun: "thing",
  id: "6f1c0000-0000-4000-8000-000000000001",
  name: "events",
  where: " in place P",
  howToAdopt: 'adopt it with `adoptId: "6f1c0000-0000-4000-8000-000000000001"`',
  ...over,
});
const ADOPT = /adoptId|pipestack:adopt|pulumi import/;

describe.each([
  { face: "holderAdvice", say: (h: NameHolder) => holderAdvice(h, NOW) },
  { face: "takenBefore", say: (h: NameHolder) => takenBefore(h, NOW) },
  { face: "takenMeanwhile", say: (h: NameHolder) => takenMeanwhile(h, NOW) },
])("$face", ({ say }) => {
  it.each([
    { case: "made seconds ago", createdAt: ago(0.05), age: `it was made less than ${IN_FLIGHT_MINUTES} minutes ago` },
    { case: "of unknown age", createdAt: undefined, age: "its age is unknown" },
    { case: "with an unreadable age", createdAt: "yesterday", age: "its age is unknown" },
  ])("a holder $case: wait and run again, no adopt offer", ({ createdAt, age }) => {
    const text = say(holder({ createdAt }));
    expect(text).toContain("Another create may be running: wait and run `pulumi up` again");
    expect(text).toContain(age);
    expect(text).toContain("another stack or program may be creating the same thing");
    expect(text).not.toMatch(ADOPT);
  });

  it("an older holder: how to adopt it, warning that a destroy would delete another stack's object", () => {
    const text = say(holder({ createdAt: ago(30) }));
    expect(text).toContain('adopt it with `adoptId: "6f1c0000-0000-4000-8000-000000000001"`');
    expect(text).toContain("adopting another stack's thing means a `destroy` of this stack deletes it");
    expect(text).not.toContain("wait and run");
  });
});

describe("takenBefore names the holder", () => {
  it.each([
    {
      held: undefined,
      createdAt: ago(30),
      says: `the name "events" is taken by thing 6f1c0000-0000-4000-8000-000000000001 in place P (created ${ago(30)}), which existed`,
    },
    { held: "events--x", createdAt: ago(1), says: 'in place P under the temporary name "events--x" of another create' },
    { held: "events--x", createdAt: ago(30), says: 'in place P under the temporary name "events--x" of an interrupted create' },
  ])("held as $held, made $createdAt", ({ held, createdAt, says }) => {
    expect(takenBefore(holder({ held, createdAt }), NOW)).toContain(says);
  });
});

describe("applied", () => {
  const a = { id: "a", name: "one" };
  const b = { id: "b", name: "two" };
  it.each([
    { name: "no changes", items: [a, b], changes: [], out: [a, b] },
    { name: "a made object is added", items: [a], changes: [{ seq: 1, id: "b", item: b }], out: [a, b] },
    {
      name: "a made object replaces its id (renamed)",
      items: [a],
      changes: [{ seq: 1, id: "a", item: { id: "a", name: "renamed" } }],
      out: [{ id: "a", name: "renamed" }],
    },
    { name: "a deleted object is taken out", items: [a, b], changes: [{ seq: 1, id: "a" }], out: [b] },
    {
      name: "the last change of an id wins",
      items: [],
      changes: [
        { seq: 1, id: "a", item: a },
        { seq: 2, id: "a" },
      ],
      out: [],
    },
  ])("$name", ({ items, changes, out }) => {
    expect(applied(items, changes)).toEqual(out);
  });
});
