/**
 * A value outside a closed set (an enum, a union's tag) is refused with the value given in the
 * reason, escaped as JSON: the engine prints a nested property's value as `{<nil>}`, so the
 * reason is where a user of any language sees what they sent.
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { shown, validate } from "../../provider/schemas/check-failures";

const format = z.object({ source: z.object({ format: z.enum(["JSONEachRow", "Avro"]) }) });
const tile = z.object({
  tiles: z.array(
    z.object({ config: z.discriminatedUnion("displayType", [z.object({ displayType: z.literal("line") }), z.object({ displayType: z.literal("table") })]) }),
  ),
});
const long = "x".repeat(200);

describe("a value outside a closed set: the reason names the value given, escaped", () => {
  it.each<[string, z.ZodTypeAny, unknown, string, string]>([
    [
      "an enum",
      format,
      { source: { format: "JSONEachRowX" } },
      "source.format",
      `Invalid enum value. Expected 'JSONEachRow' | 'Avro', received "JSONEachRowX"`,
    ],
    [
      "an enum, a value with quotes and a newline",
      format,
      { source: { format: 'a"b\nc' } },
      "source.format",
      `Invalid enum value. Expected 'JSONEachRow' | 'Avro', received "a\\"b\\nc"`,
    ],
    [
      "a union's tag",
      tile,
      { tiles: [{ config: { displayType: "bogus" } }] },
      "tiles[0].config.displayType",
      `Invalid discriminator value. Expected 'line' | 'table', received "bogus"`,
    ],
    [
      "a union's tag left out",
      tile,
      { tiles: [{ config: {} }] },
      "tiles[0].config.displayType",
      `Invalid discriminator value. Expected 'line' | 'table', received nothing`,
    ],
    [
      "a long value, shortened",
      format,
      { source: { format: long } },
      "source.format",
      `Invalid enum value. Expected 'JSONEachRow' | 'Avro', received ${shown(long)}`,
    ],
  ])("%s", (_what, schema, input, property, reason) => {
    const got = validate(schema, input);
    expect(got.ok).toBe(false);
    expect(got.ok ? [] : got.failures).toEqual([{ property, reason }]);
  });

  it("shows a value as JSON, a long string by its start and its length", () => {
    expect(shown("a\tb")).toBe('"a\\tb"');
    expect(shown(undefined)).toBe("nothing");
    expect(shown(null)).toBe("null");
    expect(shown(long)).toBe(`"${"x".repeat(80)}"…(200 chars)`);
  });
});
