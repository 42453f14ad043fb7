import { describe, expect, it } from "vitest";
import { dashboardGeneration } from "../../provider/resources/stack-dashboard/generation";

/** The generation a dashboard's answer shows, so that a tile alert's body needs no probe of its own. */
describe("dashboardGeneration", () => {
  const series = (fields: Record<string, unknown>) => ({ id: "t", name: "Errors", series: [{ type: "time", aggFn: "count", ...fields }] });
  it.each<[string, unknown, "first" | "current" | undefined]>([
    ["tiles in the config form: a current server", { tiles: [{ id: "t", name: "E", config: { displayType: "line" } }] }, "current"],
    ["series naming a sourceId: a current server", { tiles: [series({ sourceId: "s1" })] }, "current"],
    ["series naming a dataSource: the first generation", { tiles: [series({ dataSource: "events" })] }, "first"],
    ["a series naming both: cannot tell", { tiles: [series({ dataSource: "events", sourceId: "s1" })] }, undefined],
    ["markdown alone: cannot tell", { tiles: [{ id: "m", name: "Notes", series: [{ type: "markdown", content: "x" }] }] }, undefined],
    ["tiles saying both generations: cannot tell", { tiles: [series({ dataSource: "events" }), series({ sourceId: "s1" })] }, undefined],
    ["no tiles", { tiles: [] }, undefined],
    ["not a dashboard", undefined, undefined],
  ])("%s", (_name, dashboard, expected) => {
    expect(dashboardGeneration(dashboard)).toBe(expected);
  });
});
