import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertEngine as alerts, dashboardEngine as dashboards, EXISTING } from "../support/engines";
import { cloudConfig, configureWith } from "../support/stack-fixtures";

type Obj = Record<string, any>;
const RUNS = 300;
let casesRun = 0;

beforeAll(() => configureWith(cloudConfig));

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 _-]{0,30}$/);
const seriesType = fc.constantFrom("time", "number");

/** A tile on the 24-column grid whose series share one type. */
const tile = (name: string) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 200 }),
      fc.integer({ min: 1, max: 24 }),
      fc.integer({ min: 1, max: 20 }),
      seriesType,
      fc.integer({ min: 1, max: 3 }),
      fc.array(word, { maxLength: 10 }),
    )
    .map(([x, y, w, h, type, n, groupBy]) => ({
      name,
      x: Math.min(x, 24 - Math.min(w, 24)),
      y,
      w,
      h,
      series: Array.from({ length: n }, () => ({ type, dataSource: "events", aggFn: "count", where: "level:error", groupBy })),
    }));

const validDashboard = fc
  .uniqueArray(fc.stringMatching(/^[A-Z][a-z]{1,12}$/), { minLength: 1, maxLength: 8 })
  .chain((names) => fc.tuple(word, fc.tuple(...names.map(tile)), fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), { maxLength: 10 })))
  .map(([name, tiles, tags]) => ({ name, tiles, tags }));

const validAlert = fc
  .tuple(
    word,
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    fc.constantFrom("1m", "5m", "15m", "30m", "1h", "6h", "12h", "1d"),
    fc.constantFrom("above", "below"),
    fc.stringMatching(/^[0-9a-f]{24}$/),
  )
  .map(([name, threshold, interval, thresholdType, hook]) => ({
    name,
    threshold,
    interval,
    thresholdType,
    source: "tile",
    dashboardId: "d1",
    tileId: "t1",
    channel: { type: "webhook", webhookId: hook },
  }));

const dashboardBreaks: [string, (d: Obj) => Obj][] = [
  ["tile off the grid", (d) => ({ ...d, tiles: [{ ...d.tiles[0], x: 30 }] })],
  ["zero width", (d) => ({ ...d, tiles: [{ ...d.tiles[0], w: 0 }] })],
  ["negative y", (d) => ({ ...d, tiles: [{ ...d.tiles[0], y: -1 }] })],
  [
    "mixed series types",
    (d) => ({
      ...d,
      tiles: [
        {
          ...d.tiles[0],
          series: [
            { ...d.tiles[0].series[0], type: "time" },
            { ...d.tiles[0].series[0], type: "number" },
          ],
        },
      ],
    }),
  ],
  ["duplicate keys", (d) => ({ ...d, tiles: [d.tiles[0], { ...d.tiles[0] }] })],
  [
    "too many groupBy",
    (d) => ({ ...d, tiles: [{ ...d.tiles[0], series: [{ ...d.tiles[0].series[0], groupBy: Array.from({ length: 11 }, (_, i) => `g${i}`) }] }] }),
  ],
  ["oversized name", (d) => ({ ...d, name: "n".repeat(1025) })],
  ["too many tags", (d) => ({ ...d, tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })],
  ["tag too long", (d) => ({ ...d, tags: ["t".repeat(33)] })],
  ["wrong type", (d) => ({ ...d, tiles: "all of them" })],
  ["missing tiles", (d) => ({ name: d.name })],
  ["unknown field", (d) => ({ ...d, colour: "blue" })],
];

const alertBreaks: [string, (a: Obj) => Obj][] = [
  ["bad interval", (a) => ({ ...a, interval: "2m" })],
  ["bad thresholdType", (a) => ({ ...a, thresholdType: "over" })],
  ["bad source", (a) => ({ ...a, source: "log" })],
  ["tile alert without tile", (a) => ({ ...a, tileId: undefined })],
  ["tile alert without dashboard", (a) => ({ ...a, dashboardId: undefined })],
  ["webhook without id", (a) => ({ ...a, channel: { type: "webhook" } })],
  ["threshold as text", (a) => ({ ...a, threshold: "ten" })],
  ["missing threshold", (a) => ({ ...a, threshold: undefined })],
  ["oversized name", (a) => ({ ...a, name: "n".repeat(513) })],
  ["oversized message", (a) => ({ ...a, message: "m".repeat(4097) })],
  ["empty message", (a) => ({ ...a, message: "" })],
];

const strip = (o: Obj) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

describe("stack check, property-based", () => {
  afterAll(() => console.log(`stack check property cases run: ${casesRun}`));

  it("generated valid dashboards and alerts pass", async () => {
    await fc.assert(
      fc.asyncProperty(validDashboard, validAlert, async (d, a) => {
        casesRun += 2;
        expect((await dashboards.check(EXISTING, d)).failures).toEqual([]);
        expect((await alerts.check(EXISTING, a)).failures).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("generated invalid dashboards fail with a property path and a reason", async () => {
    await fc.assert(
      fc.asyncProperty(validDashboard, fc.constantFrom(...dashboardBreaks), async (d, [, breakIt]) => {
        casesRun++;
        const { failures } = await dashboards.check(EXISTING, strip(breakIt(d)));
        expect(failures!.length).toBeGreaterThan(0);
        for (const f of failures!) expect(f.reason.length).toBeGreaterThan(3);
        expect(failures!.some((f) => f.property !== "")).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it("generated invalid alerts fail with a property path and a reason", async () => {
    await fc.assert(
      fc.asyncProperty(validAlert, fc.constantFrom(...alertBreaks), async (a, [, breakIt]) => {
        casesRun++;
        const { failures } = await alerts.check(EXISTING, strip(breakIt(a)));
        expect(failures!.length).toBeGreaterThan(0);
        for (const f of failures!) expect(f.reason.length).toBeGreaterThan(3);
        expect(failures!.some((f) => f.property !== "")).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it("arbitrary JSON never crashes check", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (junk) => {
        casesRun += 2;
        const input = junk !== null && typeof junk === "object" && !Array.isArray(junk) ? junk : { name: junk };
        expect(Array.isArray((await dashboards.check(EXISTING, input)).failures)).toBe(true);
        expect(Array.isArray((await alerts.check(EXISTING, input)).failures)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
