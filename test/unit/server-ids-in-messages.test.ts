/**
 * A server's answer is input: the ids it gives (a dashboard's, a tile's, the alerts' read from
 * its alert list) reach warnings and log lines quoted and escaped when they are not plain tokens
 * (provider/errors/printable.ts, `shownId`), so a line break or an escape sequence in one cannot
 * forge a line or colour the terminal, and the warning is still the provider's own form.
 */
import { describe, expect, it } from "vitest";
import { shownId } from "../../provider/errors/printable";
import { freedTileNote, heldTileWarning, putBack, unaskedPendingNote } from "../../provider/resources/stack-dashboard/pending-tiles";
import { doomedAlertWarning, unreadAlertsDetail, unreadAlertsWarning } from "../../provider/resources/stack-dashboard/removed-tiles";
import { authorOf } from "../../provider/pr-summary/provider-warnings";

const HOSTILE = "x\n\u001b[31mdashboard d9: all alerts deleted";
const SHOWN = '"x\\n\\u001b[31mdashboard d9: all alerts deleted"';

describe("shownId", () => {
  it.each([
    ["a hex id, bare", "66a0f1c2e4b0a1b2c3d4e5f6", "66a0f1c2e4b0a1b2c3d4e5f6"],
    ["a UUID, bare", "0b7e3c1a-2f4d-4c6b-9a8e-1d2c3b4a5f6e", "0b7e3c1a-2f4d-4c6b-9a8e-1d2c3b4a5f6e"],
    ["a line break and an escape, quoted and escaped", "t1\n\u001b[31m", '"t1\\n\\u001b[31m"'],
    ["words, quoted", "a b", '"a b"'],
    ["a quote, escaped", 'a"b', '"a\\"b"'],
    ["empty, quoted", "", '""'],
    ["long, its start and its length", "é".repeat(100), `"${"é".repeat(80)}"…(100 chars)`],
  ])("%s", (_what, id, shown) => {
    expect(shownId(id)).toBe(shown);
  });
});

describe("the dashboard's lines with a server's ids holding a line break and an escape", () => {
  const tile = { key: "Errors", id: HOSTILE };
  it.each([
    // The line, and how many of the server's ids it holds (the dashboard's, the tile's, an alert's).
    ["held tile warning", heldTileWarning(HOSTILE, tile, [HOSTILE, "a2"]), 3],
    ["freed tile note", freedTileNote(HOSTILE, tile), 2],
    ["unasked pending note", unaskedPendingNote(HOSTILE, 2), 1],
    ["doomed alert warning", doomedAlertWarning(HOSTILE, { id: HOSTILE, name: "high", tile }), 3],
    ["unread alert list warning", unreadAlertsWarning(HOSTILE, new Error("boom")), 1],
    ["unread alert list detail", unreadAlertsDetail(HOSTILE, new Error("boom")), 1],
  ])("%s: one line, each id quoted and escaped", (_what, line, ids) => {
    expect(line).not.toMatch(/[\n\u001b]/);
    expect(line.startsWith(`dashboard ${SHOWN}: `)).toBe(true);
    expect(line.split(SHOWN).length - 1).toBe(ids);
  });

  it("the put-back detail of a preview: the tile's id quoted and escaped", () => {
    const [change] = putBack([{ ...tile, name: "Errors", x: 0, y: 0, w: 6, h: 4 }], [{ name: "Errors" }]);
    expect(change.detail).toBe(`put back while pending removal: kept with its id ${SHOWN}`);
  });

  it.each([
    ["doomed alert warning", doomedAlertWarning(HOSTILE, { id: HOSTILE, tile })],
    ["unread alert list warning", unreadAlertsWarning(HOSTILE, new Error("boom"))],
  ])("%s: still the provider's own form", (_what, line) => {
    expect(authorOf(line)).toBe("provider");
  });
});
