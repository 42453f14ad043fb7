/**
 * The dashboard reads who watches its tiles from the alert list by the server's wire names, not
 * through the alert kind: the same route the alert kind reads (one shared read per run), and the
 * tile alerts of an answer in either generation.
 */
import { describe, expect, it } from "vitest";
import { ALERT_LIST, tileWatchers } from "../../provider/resources/stack-dashboard/alert-watchers";
import { alerts } from "../../provider/resources/stack-alert/api";

describe("the dashboard's read of the alerts on its tiles", () => {
  it("reads the alert kind's route, so both share the run's one read of the list", () => {
    expect({ path: ALERT_LIST.path, paged: ALERT_LIST.paged }).toEqual({ path: alerts.path, paged: alerts.paged });
  });

  it.each<[string, unknown, unknown[]]>([
    ["current: dashboardId", { id: "a1", name: "high", tileId: "t1", dashboardId: "d1" }, [{ id: "a1", name: "high", tileId: "t1", dashboardId: "d1" }]],
    ["first generation: dashboard as an id", { id: "a1", tileId: "t1", dashboard: "d1" }, [{ id: "a1", tileId: "t1", dashboardId: "d1" }]],
    ["first generation: dashboard as { _id }", { id: "a1", tileId: "t1", dashboard: { _id: "d1" } }, [{ id: "a1", tileId: "t1", dashboardId: "d1" }]],
    ["current: dashboardId as { id }", { id: "a1", tileId: "t1", dashboardId: { id: "d1" } }, [{ id: "a1", tileId: "t1", dashboardId: "d1" }]],
    ["no dashboard said: the tile id alone", { id: "a1", tileId: "t1" }, [{ id: "a1", tileId: "t1" }]],
    ["an empty name is none", { id: "a1", name: "", tileId: "t1", dashboardId: "d1" }, [{ id: "a1", tileId: "t1", dashboardId: "d1" }]],
    ["a search alert: skipped", { id: "a1", source: "saved_search", savedSearchId: "s1" }, []],
    ["a null tileId: skipped", { id: "a1", tileId: null, dashboardId: "d1" }, []],
    ["no id: skipped", { tileId: "t1", dashboardId: "d1" }, []],
    ["not an object: skipped", "a1", []],
  ])("%s", (_, item, expected) => {
    expect(tileWatchers([item])).toEqual(expected);
  });
});
