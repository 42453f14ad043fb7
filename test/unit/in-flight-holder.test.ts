/**
 * Which holder of a pipe's name may be another create in flight (never offered for adoption),
 * and the pure merge of a shared list with this process's own creates and deletes.
 */
import { describe, expect, it } from "vitest";
import { holderAdvice, IN_FLIGHT_MINUTES, mayBeInFlight } from "../../provider/resources/pipe/api";
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
    { createdAt: "not a date", inFlight: true },
  ])("made at $createdAt: $inFlight", ({ createdAt, inFlight }) => {
    expect(mayBeInFlight({ createdAt }, NOW)).toBe(inFlight);
  });
});

describe("holderAdvice", () => {
  const holder = (createdAt: string) => ({ id: "6f1c0000-0000-4000-8000-000000000001", name: "events", createdAt }) as Parameters<typeof holderAdvice>[1];

  it("a young holder: wait, and no adopt or import command", () => {
    const text = holderAdvice("events", holder(ago(1)), NOW);
    expect(text).toContain("Another create may be running: wait and run `pulumi up` again");
    expect(text).not.toMatch(/pipestack:adopt|adoptId|pulumi import/);
  });

  it("an older holder: the adopt command, with what adopting another stack's pipe costs", () => {
    const text = holderAdvice("events", holder(ago(30)), NOW);
    expect(text).toContain(`pulumi config set --path 'pipestack:adopt["events"]' 6f1c0000-0000-4000-8000-000000000001`);
    expect(text).toContain("adopting another stack's pipe means a `destroy` of this stack deletes it");
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
