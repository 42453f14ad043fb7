/**
 * Whose a preview's warning is (provider/pr-summary/provider-warnings.ts): each warning the
 * provider's engine words, as its own function words it, is the provider's; anything else, the
 * issue's hostile reassurance and near copies of the provider's words included, is the program's.
 */
import { describe, expect, it } from "vitest";
import { credentialsWarning } from "../../provider/native/imported-inputs";
import { authorOf } from "../../provider/pr-summary/provider-warnings";
import { doomedAlertWarning, unreadAlertsWarning } from "../../provider/resources/tile-alerts/removed-tiles";
import { sortOrderLine } from "../../provider/resources/stack-dashboard/series-sort-order";
import { keptMessage } from "../../provider/progress/kept-warnings";

const [keptOne] = keptMessage("6b04fe01631c9f9c51202060", ["headers"], []);
const [clearedTwo] = keptMessage("wh-1", [], ["headers", "queryParams"]);

const tile = { key: "volume", id: "t-1" };
const doomed = doomedAlertWarning("d-1", { id: "a-1", name: 'orders "errors"', tile });

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
