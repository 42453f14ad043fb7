import { describe, expect, it } from "vitest";
import { z } from "zod";
import { closedSet, enumValueName } from "../../provider/native/schema-enums";
import { singular, TypeNames } from "../../provider/native/schema-names";

describe("singular", () => {
  it.each([
    ["PipeFieldMappings", "PipeFieldMapping"],
    ["StackDashboardTiles", "StackDashboardTile"],
    ["StackDashboardTileSeries", "StackDashboardTileSeries"],
    ["PipeDestinationColumns", "PipeDestinationColumn"],
    ["StackDashboardContainerTabs", "StackDashboardContainerTab"],
    ["ReversePrivateEndpointCustomPrivateDnsMappings", "ReversePrivateEndpointCustomPrivateDnsMapping"],
    ["PolicyEntries", "PolicyEntry"],
    ["SearchIndexes", "SearchIndex"],
    ["MatchBoxes", "MatchBox"],
    ["PipeStatus", "PipeStatus"],
    ["AccessKey", "AccessKey"],
    ["channels", "channel"],
  ])("%s -> %s", (plural, one) => {
    expect(singular(plural)).toBe(one);
  });
});

describe("enum value names", () => {
  it.each([
    ["JSONEachRow", "JSONEachRow"],
    ["from_beginning", "FromBeginning"],
    ["secondaryPreferred", "SecondaryPreferred"],
    ["PLAIN", "Plain"],
    ["GCP_PSC_SERVICE_ATTACHMENT", "GcpPscServiceAttachment"],
    ["SCRAM-SHA-256", "ScramSha256"],
    ["exponential histogram", "ExponentialHistogram"],
    ["stacked_bar", "StackedBar"],
    ["15m", "Minutes15"],
    ["1d", "Days1"],
    ["<=", "LessThanOrEqual"],
    ["!=", "NotEqual"],
    ["0.5", "Value05"],
  ])("%s -> %s", (value, name) => {
    expect(enumValueName(value)).toBe(name);
  });

  it("takes closed sets of strings from z.enum and unions of string literals, nothing else", () => {
    expect(closedSet(z.enum(["a", "b"]).optional())).toEqual(["a", "b"]);
    expect(closedSet(z.union([z.literal("x"), z.literal("y")]))).toEqual(["x", "y"]);
    expect(closedSet(z.union([z.literal(0.5), z.literal(0.9)]))).toBeUndefined();
    expect(closedSet(z.union([z.literal("x"), z.string()]))).toBeUndefined();
    expect(closedSet(z.string())).toBeUndefined();
  });
});

describe("type names", () => {
  it("gives the same thing its token back, and a different thing under a taken name a number", () => {
    const names = new TypeNames("p");
    expect(names.claim("PipeScaling", "a")).toEqual({ token: "p:index:PipeScaling", fresh: true });
    expect(names.claim("PipeScaling", "a")).toEqual({ token: "p:index:PipeScaling", fresh: false });
    expect(names.claim("PipeScaling", "b")).toEqual({ token: "p:index:PipeScaling2", fresh: true });
    expect(names.claim("PipeScaling", "c")).toEqual({ token: "p:index:PipeScaling3", fresh: true });
    expect(names.claim("PipeScaling", "b")).toEqual({ token: "p:index:PipeScaling2", fresh: false });
  });
});
