/**
 * An alert in both generations of the stack API: the body each is sent, and each answer read
 * back in the program's terms (so that no preview after `up` shows a change), as tables.
 */
import { describe, expect, it } from "vitest";
import { alertOutputs, normalAlertAnswer } from "../../provider/resources/stack-alert/body";
import { alertBody, firstGenerationGaps } from "../../provider/resources/stack-alert/body";
import { alertTileOn, tileKind } from "../../provider/resources/stack-dashboard/alert-tile";
import { fieldChanges } from "../../provider/engine/field-diff";
import { alertDiff } from "../../provider/resources/stack-alert/diff";
import { stackAlertRecord } from "../../provider/resources/stack-alert/record";
import { alertInputs } from "../support/stack-fixtures";

type Obj = Record<string, any>;
const hook = (webhookId: string) => ({ type: "webhook", webhookId });
const searchAlert = (over: Obj = {}) => alertInputs({ source: "saved_search", dashboardId: undefined, tileId: undefined, savedSearchId: "s1", ...over });

describe("alertBody: each generation's form", () => {
  const rows: [string, Obj, "first" | "current", Obj][] = [
    ["tile alert, first", alertInputs(), "first", { source: "tile", channel: hook("6a0000000000000000000001"), tileId: "t0000000000000000000001" }],
    [
      "tile alert, current: a start cleared explicitly",
      alertInputs(),
      "current",
      { source: "tile", channel: hook("6a0000000000000000000001"), scheduleStartAt: null },
    ],
    ["saved_search to the first generation says search", searchAlert(), "first", { source: "search", savedSearchId: "s1" }],
    ["search to a current server says saved_search", searchAlert({ source: "search" }), "current", { source: "saved_search" }],
    [
      "one of channels to the first generation is its channel",
      alertInputs({ channel: undefined, channels: [hook("6a000000000000000000000a")] }),
      "first",
      { channel: hook("6a000000000000000000000a"), channels: undefined },
    ],
    [
      "channels to a current server",
      alertInputs({ channel: undefined, channels: [hook("6a000000000000000000000a"), hook("6a000000000000000000000b")] }),
      "current",
      { channels: [hook("6a000000000000000000000a"), hook("6a000000000000000000000b")], channel: undefined },
    ],
    ["a start kept", alertInputs({ scheduleStartAt: "2026-01-01T00:00:00Z" }), "current", { scheduleStartAt: "2026-01-01T00:00:00Z" }],
    ["between with its max", alertInputs({ thresholdType: "between", thresholdMax: 20 }), "current", { thresholdType: "between", thresholdMax: 20 }],
    ["a tile by name: never sent, its resolved id is", alertInputs({ tileId: undefined, tile: "Errors" }), "current", { tile: undefined, tileId: undefined }],
  ];
  it.each(rows)("%s", (_what, inputs, generation, expected) => {
    const body = alertBody(inputs as any, generation);
    for (const [k, v] of Object.entries(expected)) expect(body[k], k).toEqual(v);
    expect(body).not.toHaveProperty("stackUrl");
  });

  it("sends the resolved tile id", () => {
    expect(alertBody(alertInputs({ tileId: undefined, tile: "Errors" }) as any, "current", "65f0000000000000000000aa").tileId).toBe("65f0000000000000000000aa");
  });

  const gaps: [string, Obj, string[]][] = [
    ["the contract's alert", alertInputs(), []],
    ["a note", alertInputs({ note: "n" }), ["note"]],
    ["a range", alertInputs({ thresholdType: "between", thresholdMax: 20 }), ["thresholdMax", "thresholdType between"]],
    ["two channels", alertInputs({ channels: [hook("6a0000000000000000000001"), hook("6a000000000000000000000b")] }), ["more than one of channels"]],
    ["the schedule and windows", alertInputs({ scheduleOffsetMinutes: 1, numConsecutiveWindows: 2 }), ["numConsecutiveWindows", "scheduleOffsetMinutes"]],
  ];
  it.each(gaps)("first generation gaps: %s", (_what, inputs, expected) => {
    expect(firstGenerationGaps(inputs as any)).toEqual(expected);
    if (expected.length) expect(() => alertBody(inputs as any, "first")).toThrow(/first generation of the stack API, which has no .*current server/);
  });
});

/** An answer of the first generation (the contract's) and of the current one, for the same alert. */
const stamps = { createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" };
const firstAnswer = (over: Obj = {}) => ({
  id: "a1",
  name: "errors-high",
  threshold: 10,
  interval: "5m",
  thresholdType: "above",
  source: "tile",
  state: "inactive",
  channel: hook("6a0000000000000000000001"),
  team: "team-1",
  tileId: "t0000000000000000000001",
  dashboard: "d0000000000000000000001",
  savedSearch: null,
  groupBy: null,
  silenced: false,
  ...stamps,
  ...over,
});
const currentAnswer = (over: Obj = {}) => ({
  id: "a1",
  name: "errors-high",
  message: null,
  note: null,
  threshold: 10,
  interval: "5m",
  numConsecutiveWindows: null,
  thresholdType: "above",
  source: "tile",
  state: "OK",
  channel: hook("6a0000000000000000000001"),
  channels: [hook("6a0000000000000000000001")],
  teamId: "team-1",
  tileId: "t0000000000000000000001",
  dashboardId: "d0000000000000000000001",
  ...stamps,
  ...over,
});

describe("reads of either generation give no diff against the program that wrote them", () => {
  const rows: [string, Obj, Obj][] = [
    ["tile alert, first answer", alertInputs(), firstAnswer()],
    ["tile alert, current answer (teamId, dashboardId, channels)", alertInputs(), currentAnswer()],
    [
      "channels written, current answer",
      alertInputs({ channel: undefined, channels: [hook("6a0000000000000000000001"), hook("6a000000000000000000000b")] }),
      currentAnswer({ channels: [hook("6a0000000000000000000001"), hook("6a000000000000000000000b")] }),
    ],
    ["channel and channels written", alertInputs({ channels: [hook("6a0000000000000000000001")] }), currentAnswer()],
    [
      "search written, saved_search answered",
      searchAlert({ source: "search" }),
      currentAnswer({ source: "saved_search", tileId: undefined, dashboardId: undefined, savedSearchId: "s1" }),
    ],
    [
      "saved_search written, first answer says search",
      searchAlert(),
      firstAnswer({ source: "search", tileId: undefined, dashboard: undefined, savedSearch: "s1" }),
    ],
    ["saved search as an object", searchAlert(), firstAnswer({ source: "search", tileId: undefined, dashboard: undefined, savedSearch: { _id: "s1" } })],
    [
      "offset left out, answered 0",
      alertInputs({ scheduleStartAt: "2026-01-01T00:00:00Z" }),
      currentAnswer({ scheduleOffsetMinutes: 0, scheduleStartAt: "2026-01-01T00:00:00.000Z" }),
    ],
    [
      "a start without milliseconds, answered with them",
      alertInputs({ scheduleStartAt: "2026-01-01T00:00:00Z" }),
      currentAnswer({ scheduleStartAt: "2026-01-01T00:00:00.000Z" }),
    ],
    ["thresholdMax kept by the server after a range type was dropped", alertInputs(), currentAnswer({ thresholdMax: 20 })],
    ["between", alertInputs({ thresholdType: "between", thresholdMax: 20 }), currentAnswer({ thresholdType: "between", thresholdMax: 20 })],
    ["silenced as an object", alertInputs(), currentAnswer({ silenced: { by: "u", at: "2026-01-01T00:00:00.000Z", until: "2026-01-02T00:00:00.000Z" } })],
    ["the current extras", alertInputs({ note: "runbook", numConsecutiveWindows: 3 }), currentAnswer({ note: "runbook", numConsecutiveWindows: 3 })],
    ["a tile by name", alertInputs({ tileId: undefined, tile: "Errors" }), currentAnswer()],
  ];
  it.each(rows)("%s", (_what, inputs, answer) => {
    const outs = alertOutputs(stackAlertRecord.parse(answer), inputs as any);
    expect(fieldChanges(outs, { ...inputs, tileId: inputs.tileId ?? outs.tileId }, alertDiff)).toEqual([]);
    expect(outs).toMatchObject({ team: "team-1" });
    expect(JSON.stringify(outs)).not.toMatch(/null/);
  });

  it("shows channels added behind the program's back", () => {
    const outs = alertOutputs(
      stackAlertRecord.parse(currentAnswer({ channels: [hook("6a0000000000000000000001"), hook("6a000000000000000000000c")] })),
      alertInputs() as any,
    );
    expect(fieldChanges(outs, alertInputs(), alertDiff).map((c) => c.path)).toEqual(["channels"]);
  });

  it("silenced reads as a boolean in both forms", () => {
    expect(normalAlertAnswer(stackAlertRecord.parse(currentAnswer()), {}).silenced).toBe(false);
    expect(normalAlertAnswer(stackAlertRecord.parse(currentAnswer({ silenced: { by: "u" } })), {}).silenced).toBe(true);
    expect(normalAlertAnswer(stackAlertRecord.parse(firstAnswer({ silenced: true })), {}).silenced).toBe(true);
  });
});

describe("which tiles can carry alerts", () => {
  const kinds: [string, Obj, string | undefined][] = [
    ["series time", { series: [{ type: "time" }] }, "line"],
    ["series time as bars", { series: [{ type: "time", displayType: "stacked_bar" }] }, "stacked_bar"],
    ["series table", { series: [{ type: "table" }] }, "table"],
    ["series markdown", { series: [{ type: "markdown" }] }, "markdown"],
    ["config number", { config: { displayType: "number" } }, "number"],
    ["config pie", { config: { displayType: "pie" } }, "pie"],
    ["raw SQL table", { config: { configType: "sql", displayType: "table" } }, "table"],
    ["nothing said", {}, undefined],
  ];
  it.each(kinds)("%s", (_what, tile, kind) => expect(tileKind(tile)).toBe(kind));

  const board = {
    tiles: [
      { id: "t1", name: "Errors", config: { displayType: "line" } },
      { id: "t2", name: "Table", series: [{ type: "table" }] },
      { id: "t3", name: "Twice" },
      { id: "t4", name: "Twice" },
    ],
  };
  const refs: [string, Obj, Obj][] = [
    ["by name", { tile: "Errors" }, { id: "t1" }],
    ["by id", { tileId: "t1" }, { id: "t1" }],
    ["an id the dashboard lacks: the server's to refuse", { tileId: "zz" }, { id: "zz" }],
    [
      "a table by id",
      { tileId: "t2" },
      { property: "tileId", reason: expect.stringMatching(/"Table" of dashboard d1 is a table tile, which cannot carry alerts/) },
    ],
    ["a table by name", { tile: "Table" }, { property: "tile", reason: expect.stringMatching(/cannot carry alerts \(only line, stacked_bar, number/) }],
    ["a name no tile has", { tile: "Nope" }, { property: "tile", reason: expect.stringMatching(/has no tile named "Nope" \(its tiles: "Errors", "Table"/) }],
    ["a name two tiles have", { tile: "Twice" }, { property: "tile", reason: expect.stringMatching(/more than one tile named "Twice"/) }],
  ];
  it.each(refs)("%s", (_what, ref, expected) => expect(alertTileOn(board, ref, "d1")).toEqual(expected));
});
