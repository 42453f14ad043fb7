/**
 * The one path walker (provider/schemas/plain-object.ts), table-driven: objects, arrays under
 * both choices, missing keys, values that are not objects on the way, prototype keys and keys
 * that look like numbers.
 */
import { describe, expect, it } from "vitest";
import { childAt, holderAt, valueAt, type ArrayStep } from "../../provider/schemas/plain-object";

type Path = (string | number)[];

const root = {
  name: "n",
  source: { kafka: { credentials: { user: "u" }, brokers: ["b1", "b2"] } },
  tiles: [{ w: 4 }, { w: 6 }],
  labels: { "0": "zero", "01": "zero-one", "a.b": "dotted" },
  empty: null,
  count: 3,
};

describe("valueAt", () => {
  it.each<[string, unknown, Path, ArrayStep, unknown]>([
    ["the root for an empty path", root, [], "stop", root],
    ["an object's field", root, ["name"], "stop", "n"],
    ["a nested field", root, ["source", "kafka", "credentials", "user"], "stop", "u"],
    ["a whole nested object", root, ["source", "kafka", "credentials"], "index", { user: "u" }],
    ["a missing key", root, ["nope"], "index", undefined],
    ["a missing key on the way", root, ["nope", "deeper"], "index", undefined],
    ["a null on the way", root, ["empty", "x"], "index", undefined],
    ["a number on the way", root, ["count", "x"], "index", undefined],
    ["a string on the way (no `length` of a string)", root, ["name", "length"], "index", undefined],
    ["an undefined root", undefined, ["a"], "index", undefined],
    ["a null root", null, ["a"], "stop", undefined],
    ["an array, indexes: by number", root, ["tiles", 1, "w"], "index", 6],
    ["an array, indexes: by a numeric string", root, ["tiles", "0", "w"], "index", 4],
    ["an array, indexes: past the end", root, ["tiles", 2, "w"], "index", undefined],
    ["an array, indexes: a negative index", root, ["tiles", -1], "index", undefined],
    ["an array, indexes: a fraction", root, ["tiles", 0.5], "index", undefined],
    ["an array, indexes: a leading zero", root, ["tiles", "01"], "index", undefined],
    ["an array, indexes: `length` is no item", root, ["tiles", "length"], "index", undefined],
    ["an array, indexes: a field name", root, ["tiles", "w"], "index", undefined],
    ["an array, stop: by number", root, ["tiles", 1, "w"], "stop", undefined],
    ["an array, stop: by a numeric string", root, ["source", "kafka", "brokers", "0"], "stop", undefined],
    ["an array, stop: the array itself is reached", root, ["source", "kafka", "brokers"], "stop", ["b1", "b2"]],
    ["an array root, indexes", ["a", "b"], [1], "index", "b"],
    ["an array root, stop", ["a", "b"], [1], "stop", undefined],
    ["an object's numeric-looking key, by string", root, ["labels", "0"], "stop", "zero"],
    ["an object's numeric-looking key, by number", root, ["labels", 0], "stop", "zero"],
    ["an object's key with a leading zero (a key, not an index)", root, ["labels", "01"], "index", "zero-one"],
    ["a key holding a dot is one segment", root, ["labels", "a.b"], "stop", "dotted"],
    ["no `__proto__` of a plain object", {}, ["__proto__"], "index", undefined],
    ["no walk through `__proto__`", { a: {} }, ["a", "__proto__", "toString"], "index", undefined],
    ["no `constructor`", { a: 1 }, ["constructor"], "stop", undefined],
    ["no `constructor` of an array item", [{}], [0, "constructor"], "index", undefined],
    ["no `hasOwnProperty`", {}, ["hasOwnProperty"], "index", undefined],
    ["an own `__proto__` key (as JSON.parse makes it) is the object's", JSON.parse('{"__proto__":{"x":1}}'), ["__proto__", "x"], "stop", 1],
    ["an own `constructor` key is the object's", { constructor: "c" }, ["constructor"], "stop", "c"],
    ["an object with no prototype", Object.assign(Object.create(null) as object, { a: 1 }), ["a"], "stop", 1],
  ])("%s", (_why, value, path, arrays, expected) => {
    expect(valueAt(value, path, { arrays })).toEqual(expected);
  });
});

describe("childAt", () => {
  it.each<[string, unknown, string | number, ArrayStep, unknown]>([
    ["an own field", { a: 1 }, "a", "stop", 1],
    ["an inherited field", Object.create({ a: 1 }) as object, "a", "index", undefined],
    ["an item, indexes", [7], 0, "index", 7],
    ["an item, stop", [7], 0, "stop", undefined],
    ["a string's character", "abc", 0, "index", undefined],
  ])("%s", (_why, node, key, arrays, expected) => {
    expect(childAt(node, key, { arrays })).toEqual(expected);
  });
});

describe("holderAt: the plain object holding the last segment", () => {
  it.each<[string, unknown, Path, ArrayStep, unknown]>([
    ["the root for one segment", root, ["name"], "stop", root],
    ["the root even where the field is unset", root, ["nope"], "stop", root],
    ["the parent object", root, ["source", "kafka", "credentials"], "stop", root.source.kafka],
    ["the parent where the field is unset", root, ["source", "kafka", "password"], "stop", root.source.kafka],
    ["none where the parent is missing", root, ["source", "kinesis", "credentials"], "stop", undefined],
    ["none where the parent is null", root, ["empty", "x"], "stop", undefined],
    ["none where the parent is a string", root, ["name", "x"], "stop", undefined],
    ["none where the parent is an array (a list holds items, not fields)", root, ["tiles", "0"], "index", undefined],
    ["an item, indexes", root, ["tiles", 1, "w"], "index", root.tiles[1]],
    ["no item, stop", root, ["tiles", 1, "w"], "stop", undefined],
    ["none through a prototype key", {}, ["__proto__", "x"], "index", undefined],
    ["none for a non-object root", "text", ["x"], "index", undefined],
  ])("%s", (_why, value, path, arrays, expected) => {
    expect(holderAt(value, path, { arrays })).toBe(expected);
  });
});
