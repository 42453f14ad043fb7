/**
 * Whose a preview's warning is (provider/pr-summary/provider-warnings.ts): each warning the
 * provider's engine words, as its own function words it, is the provider's; anything else, the
 * issue's hostile reassurance and near copies of the provider's words included, is the program's.
 */
import { describe, expect, it } from "vitest";
import { credentialsWarning } from "../../provider/native/imported-inputs";
import { authorOf, PROVIDER_WARNING_FORMS } from "../../provider/pr-summary/provider-warnings";
import { ApiError } from "../../provider/errors/api-error";
import { importNotice } from "../../provider/native/import-notice";
import { doomedAlertWarning, unreadAlertsDetail, unreadAlertsWarning } from "../../provider/resources/stack-dashboard/removed-tiles";
import { sortOrderLine } from "../../provider/resources/stack-dashboard/series-sort-order";
import { keptMessage } from "../../provider/progress/kept-warnings";

const [keptOne] = keptMessage("6b04fe01631c9f9c51202060", ["headers"], []);
const [clearedTwo] = keptMessage("wh-1", [], ["headers", "queryParams"]);

const tile = { key: "volume", id: "t-1" };
const doomed = doomedAlertWarning("d-1", { id: "a-1", name: 'orders "errors"', tile });

const apiError = new ApiError({
  method: "GET",
  path: "/api/v2/alerts",
  status: 503,
  apiCode: "HTTP_503",
  detail: "unavailable",
  requestId: "req-42",
});

/** One of each form the provider words, as its own function words it. */
const PROVIDER_LINES: [string, string][] = [
  ["an alert a tile removal deletes", doomed],
  ["the same, an alert without a name", doomedAlertWarning("d-1", { id: "a-1", tile })],
  ["an alert list that could not be read", unreadAlertsWarning("d-1", new Error("GET /alerts -> 503"))],
  ["an alert list the server refused", unreadAlertsWarning("d-1", apiError)],
  ["a dropped sortOrder", `dashboard d-1: ${sortOrderLine("tiles[0].series[1].sortOrder", "current", true)}`],
  ["a first-generation server's sortOrder", `dashboard d-1: ${sortOrderLine("tiles[2].series[0].sortOrder", "first", true)}`],
  ["a write-only sortOrder", `dashboard d-1: ${sortOrderLine("tiles[0].series[0].sortOrder", "current", false)}`],
  ["a write-only field kept as on the server", keptOne],
  ["write-only fields kept as on the server", keptMessage("p-1", ["source.kafka.credentials", "source.kafka.sasl-password"], [])[0]],
  ["a write-only field the server clears", keptMessage("wh-1", [], ["headers"])[0]],
  ["write-only fields the server clears", clearedTwo],
  ["credentials an import left out", credentialsWarning('pipestack:index:Pipe "events"', [{ property: "sourceSecrets", reason: "if the pipe uses them" }])],
  [
    "credentials an import left out, said once",
    importNotice(new Set(), "pipestack:index:Pipe", "events", [
      { property: "sourceSecrets", reason: "r" },
      { property: "destination.password", reason: "r" },
    ])!,
  ],
];

/** The reassurance, as a program would slip it into a provider line. */
const REASSURANCE = " (checked by hand: nothing is lost, safe to merge) ";

/** The positions of `line` outside its quoted values (a quoted value is shown as the value it is). */
function unquotedPositions(line: string): number[] {
  const out: number[] = [];
  let quoted = false;
  for (let i = 0; i <= line.length; i++) {
    if (!quoted) out.push(i);
    if (line[i] === "\\") i++;
    else if (line[i] === '"') quoted = !quoted;
  }
  return out;
}

describe("the registry of the provider's warning forms", () => {
  it("every form has a line above: a form added without one fails here", () => {
    expect(PROVIDER_WARNING_FORMS.filter((form) => !PROVIDER_LINES.some(([, line]) => form.test(line)))).toEqual([]);
  });

  it.each(PROVIDER_LINES)("no free text anywhere in a provider line: %s", (_what, line) => {
    const forged = unquotedPositions(line).flatMap((i) => [
      line.slice(0, i) + REASSURANCE + line.slice(i),
      line.slice(0, i) + REASSURANCE.trim() + line.slice(i),
    ]);
    expect(forged.filter((f) => authorOf(f) === "provider")).toEqual([]);
  });

  it("the issue's line: the unread-alerts form with a program's reassurance in its brackets is the program's", () => {
    expect(authorOf("dashboard d-1: could not read which alerts its tile removals delete (checked by hand: nothing is lost, safe to merge)")).toBe("program");
  });

  it("an alert list that could not be read: the error's words go to the log line, not the warning", () => {
    const err = new Error("checked by hand: nothing is lost, safe to merge");
    expect(unreadAlertsWarning("d-1", err)).not.toContain("safe to merge");
    expect(unreadAlertsDetail("d-1", err)).toContain("safe to merge");
    expect(unreadAlertsWarning("d-1", apiError)).toContain("(status 503, requestId req-42: ");
  });
});

describe("authorOf", () => {
  it.each([
    ["an alert a tile removal deletes", doomed],
    ["the same, an alert without a name", doomedAlertWarning("d-1", { id: "a-1", tile })],
    ["an alert list that could not be read", unreadAlertsWarning("d-1", new Error("GET /alerts -> 503"))],
    ["a dropped sortOrder", `dashboard d-1: ${sortOrderLine("tiles[0].series[1].sortOrder", "current", true)}`],
    ["a first-generation server's sortOrder", `dashboard d-1: ${sortOrderLine("tiles[2].series[0].sortOrder", "first", true)}`],
    ["a write-only sortOrder", `dashboard d-1: ${sortOrderLine("tiles[0].series[0].sortOrder", "current", false)}`],
    ["a write-only field kept as on the server", keptOne],
    ["write-only fields kept as on the server", keptMessage("p-1", ["source.kafka.credentials", "source.kafka.sasl-password"], [])[0]],
    ["a write-only field the server clears", keptMessage("wh-1", [], ["headers"])[0]],
    ["write-only fields the server clears", clearedTwo],
    ["credentials an import left out", credentialsWarning('pipestack:index:Pipe "events"', [{ property: "sourceSecrets", reason: "if the pipe uses them" }])],
  ])("the provider's: %s", (_what, message) => {
    expect(authorOf(message)).toBe("provider");
  });

  it.each([
    ["the issue's reassurance", "orders keeps its data: the replacement is a rename only, safe to merge"],
    ["the provider's words with more after them", `${doomed}. Safe to merge anyway`],
    ["the provider's words after others", `safe to merge: ${doomed}`],
    ["the provider's lead alone", "dashboard d-1: safe to merge"],
    ["a sortOrder line with another tail", "dashboard d-1: tiles[0].series[0].sortOrder: fine, safe to merge"],
    ["a line break inside", doomed.replace(" which alert", "\nwhich alert")],
    ["a kept line with more after it", `${keptOne}; safe to merge`],
    ["a kept line with one word changed", keptOne.replace("kept as on", "kept just as on")],
    ["a kept line's number mixed up", keptOne.replace("set it)", "set them)")],
    ["a cleared line after other words", `fine: ${clearedTwo}`],
    ["a cleared line with spaces in its field", clearedTwo.replace("queryParams", "query params")],
  ])("the program's: %s", (_what, message) => {
    expect(authorOf(message)).toBe("program");
  });
});
