import { describe, expect, it } from "vitest";
import { canonical, sameValue } from "../../provider/engine/canonical";
import { engineType, gigabytes, millicores } from "../../provider/resources/pipe/normalize";
import { tableMappingChanges } from "../../provider/resources/pipe/update-plan";

describe("normalisation", () => {
  it.each([
    ["250m", 250],
    ["2", 2000],
    ["0.5", 500],
    [750, 750],
    ["", undefined],
    ["lots", undefined],
  ])("millicores(%j) = %j", (v, n) => expect(millicores(v)).toBe(n));

  it.each([
    ["1Gi", 1],
    ["512Mi", 0.5],
    ["2G", 2],
    [1.5, 1.5],
    ["1536Mi", 1.5],
    ["x", undefined],
  ])("gigabytes(%j) = %j", (v, n) => expect(gigabytes(v)).toBe(n));

  it.each([
    ["MergeTree()", "MergeTree"],
    ["ReplacingMergeTree( )", "ReplacingMergeTree"],
    ["MergeTree", "MergeTree"],
  ])("engineType(%j)", (v, e) => expect(engineType(v)).toBe(e));

  it("null, absent, empty objects and arrays are the same", () => {
    expect(sameValue({ a: null, b: {}, c: [], d: 1 }, { d: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(canonical({ b: 1, a: { z: null } })).toEqual({ b: 1 });
  });
});

describe("table mapping changes", () => {
  const users = { sourceSchemaName: "public", sourceTable: "users", targetTable: "public_users" };
  const orders = { sourceSchemaName: "public", sourceTable: "orders", targetTable: "public_orders" };
  it.each([
    ["added", [users], [users, orders], [orders], []],
    ["removed", [users, orders], [users], [], [orders]],
    ["edited: removed and added", [users], [{ ...users, excludedColumns: ["ssn"] }], [{ ...users, excludedColumns: ["ssn"] }], [users]],
    ["reordered: nothing", [users, orders], [orders, users], [], []],
  ])("%s", (_n, before, after, add, remove) => {
    expect(tableMappingChanges(before, after)).toEqual({ add, remove });
  });
});
