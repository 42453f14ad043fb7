import { describe, expect, it } from "vitest";
import { lookupIn, resolveSettings } from "../../provider/config";
import { adoptIdOf } from "../../provider/resources/pipe/check";

const ID = "6f1c0000-0000-4000-8000-000000000001";
const settingsWith = (adopt: unknown) => resolveSettings(lookupIn({ "pipestack:adopt": adopt }), {});

describe("pipestack:adopt", () => {
  it.each([
    ["a JSON string (how --path config arrives)", JSON.stringify({ events: ID }), { events: ID }],
    ["an object (structured config)", { events: ID }, { events: ID }],
    ["unset", undefined, undefined],
  ])("reads %s", (_what, value, expected) => {
    expect(settingsWith(value).adopt).toEqual(expected);
  });

  it.each([
    ["not JSON", "events=abc", /pipestack:adopt is not valid: must be a JSON object/],
    ["an id that is not a UUID", JSON.stringify({ events: ".." }), /pipestack:adopt is not valid: must be a UUID/],
  ])("refuses %s, naming the setting", (_what, value, message) => {
    expect(() => settingsWith(value)).toThrow(message);
  });

  it.each([
    ["the resource's adoptId wins", { name: "events", adoptId: "a" }, { events: ID }, "a"],
    ["the pipe's name finds its id", { name: "events" }, { events: ID }, ID],
    ["another name finds nothing", { name: "other" }, { events: ID }, undefined],
    ["no setting", { name: "events" }, undefined, undefined],
  ])("%s", (_what, inputs, adopt, expected) => {
    expect(adoptIdOf(inputs, adopt)).toBe(expected);
  });
});
