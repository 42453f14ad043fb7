/** The pure parts of `pipestack-pr-summary`: the leaf diff, paths, value display, cells. */
import { describe, expect, it } from "vitest";
import { fieldDiffs, formatPath, parsePath } from "../../provider/pr-summary/field-diff";
import { code, showValue } from "../../provider/pr-summary/markdown";
import { changeOf, secretPrefix } from "../../provider/pr-summary/resource-kinds";
import { typeTokens } from "../../provider/registry";

describe("fieldDiffs", () => {
  it.each([
    ["equal", { a: 1, b: [1, 2] }, { a: 1, b: [1, 2] }, []],
    ["a leaf", { a: { b: 1 } }, { a: { b: 2 } }, [["a.b", 1, 2]]],
    ["null is absent", { a: null }, {}, []],
    ["an added key, whole", {}, { a: { b: 1 } }, [["a", undefined, { b: 1 }]]],
    ["arrays by element", { t: [{ w: 1 }, { w: 4 }] }, { t: [{ w: 1 }, { w: 6 }] }, [["t[1].w", 4, 6]]],
    ["an added element", { t: [1] }, { t: [1, 2] }, [["t[1]", undefined, 2]]],
    ["a removed element", { t: [1, 2] }, { t: [1] }, [["t[1]", 2, undefined]]],
    ["another shape, whole", { a: [1] }, { a: "x" }, [["a", [1], "x"]]],
  ] as const)("%s", (_name, a, b, expected) => {
    expect(fieldDiffs(a, b).map((d) => [formatPath(d.path), d.old, d.new])).toEqual(expected);
  });
});

describe("paths", () => {
  it.each([
    [["tiles", 2, "w"], "tiles[2].w"],
    [["source", "kafka", "topics"], "source.kafka.topics"],
    [["tags", "team.name"], 'tags["team.name"]'],
    [[0, "a"], "[0].a"],
  ] as const)("%j <-> %s", (path, text) => {
    expect(formatPath(path)).toBe(text);
    expect(parsePath(text)).toEqual(path);
  });
});

describe("what the package declares, as the summary reads it", () => {
  it.each([
    [typeTokens.Pipe, ["source", "kafka", "credentials", "password"], "source.kafka.credentials"],
    [typeTokens.Pipe, ["sourceSecrets"], "sourceSecrets"],
    [typeTokens.Pipe, ["source", "objectStorage", "accessKey"], "source.objectStorage.accessKey"],
    [typeTokens.Pipe, ["source", "kafka", "topics"], undefined],
    [typeTokens.StackDashboard, ["connection", "stackToken"], "connection.stackToken"],
    [typeTokens.StackAlert, ["connection", "keySecret"], "connection.keySecret"],
    [typeTokens.StackAlert, ["connection", "keyId"], undefined],
    [typeTokens.StackWebhook, ["headers", "Authorization"], "headers"],
    [typeTokens.StackWebhook, ["queryParams"], "queryParams"],
    ["pipestack:index:StackWebhook", ["headers", "Authorization"], "headers"],
    [typeTokens.StackWebhook, ["url"], undefined],
    ["other:index:Thing", ["password"], undefined],
  ])("%s %j is secret at %s", (token, path, expected) => {
    const hit = secretPrefix(token, path);
    expect(hit && formatPath(hit)).toBe(expected);
  });

  it.each([
    [typeTokens.Pipe, "source.kafka.topics", "replace"],
    [typeTokens.Pipe, "name", "update"],
    [typeTokens.Pipe, "scaling.replicas", "update"],
    [typeTokens.StackDashboard, "tiles[1].w", "update"],
    [typeTokens.ReversePrivateEndpoint, "vpcEndpointServiceName", "replace"],
    [typeTokens.StackAlert, "stackUrl", "replace"],
    [typeTokens.StackWebhook, "url", "update"],
    [typeTokens.StackWebhook, "name", "update"],
    [typeTokens.StackWebhook, "serviceId", "replace"],
    ["other:index:Thing", "a", undefined],
  ])("%s %s: %s", (token, path, expected) => {
    expect(changeOf(token, parsePath(path))).toBe(expected);
  });
});

describe("display", () => {
  it.each([
    [undefined, "(none)"],
    ["04da6b54-80e4-46f7-96ec-b56ff0331ba9", "(known after up)"],
    ["[secret]", "[secret]"],
    ["a", '"a"'],
    [4, "4"],
    [{ a: ["04da6b54-80e4-46f7-96ec-b56ff0331ba9"] }, '{"a":["(known after up)"]}'],
    ["x".repeat(100), `"${"x".repeat(58)}…`],
  ])("%j shows as %s", (value, shown) => {
    expect(showValue(value)).toBe(shown);
  });

  it("a cell's code never breaks the table: no line break, | escaped, backticks fenced", () => {
    expect(code("a|b\nc")).toBe("`a\\|b<U+000A>c`");
    expect(code("a`b")).toBe("`` a`b ``");
  });
});
