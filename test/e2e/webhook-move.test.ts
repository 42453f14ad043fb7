/**
 * A webhook whose `url` moves, through the real CLI on both faces (issue 42): the server's PUT
 * that moves a webhook drops the headers and query parameters it leaves out, so the preview of
 * an adopted webhook (made by hand with both maps; the program leaves them out) lists `headers`
 * and `queryParams` as changes, as docs/stack.md says, and warns that they are cleared. The
 * `up` clears them on the server, and a preview after it shows no change and no warning.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, type PreviewStep } from "./harness";
import { yamlHost } from "./yaml-host";
import { storedStack } from "../support/stored";

const FACES = [
  { face: "dynamic", program: "test/e2e/programs/webhook-move", yaml: false },
  { face: "native", program: "test/e2e/programs/native-webhook-move", yaml: true },
] as const;

const FIRST = "https://hooks.example.test/first";
const MOVED = "https://hooks.example.test/moved";

describe.each(FACES)("$face face: an adopted webhook whose url moves", ({ program, yaml }) => {
  let s: E2EStack;
  let hookId: string;
  let step: PreviewStep;
  let previewText = "";
  let held: unknown;
  let after = "";

  beforeAll(async () => {
    s = await E2EStack.open({ program, stackServer: true, emulator: { stackApiVersion: "2.36.0" }, path: yaml ? [await yamlHost()] : [] });
    const hook = (await s.stackApi("POST", "/webhooks", {
      name: "made-by-hand",
      service: "generic",
      url: FIRST,
      headers: { Authorization: "Bearer by-hand" },
      queryParams: { key: "by-hand" },
    })) as { id: string };
    hookId = hook.id;
    await s.setConfig("hookId", hookId);
    await s.setConfig("url", FIRST);
    await s.must(["up", "--yes"]);
    await s.setConfig("url", MOVED);
    const steps = await s.previewJson();
    step = steps["moved-hook"];
    const run = await s.must(["preview", "--diff"]);
    previewText = `${run.stdout}\n${run.stderr}`;
    await s.must(["up", "--yes"]);
    held = storedStack(s.emulator, "server").webhooks.find((w: { id: string }) => w.id === hookId);
    const clean = await s.must(["preview", "--expect-no-changes", "--diff"]);
    after = `${clean.stdout}\n${clean.stderr}`;
  }, 600_000);

  afterAll(async () => {
    await s?.destroy();
    await s?.close();
  });

  it("the preview lists the cleared maps as changes beside the url (the `--diff` display; the native face's detailed diff too)", () => {
    expect(step.op).toBe("update");
    for (const field of ["url", "headers", "queryParams"])
      expect(previewText, `${field} in the --diff display`).toMatch(new RegExp(`^\\s*[-+~] ${field}\\s*:`, "m"));
    // The dynamic face's diff carries no field list: the engine's display compares the inputs.
    if (yaml) expect(Object.keys(step.detailedDiff ?? {}).sort()).toEqual(["headers", "queryParams", "url"]);
  });

  it("the preview warns that the server clears them", () => {
    expect(previewText).toMatch(/headers, queryParams cleared by the server with this change/);
  });

  it("the up clears them on the server, and a preview after it shows no change and no warning", () => {
    expect(held).toMatchObject({ url: MOVED });
    expect((held as { headers?: object }).headers ?? {}).toEqual({});
    expect((held as { queryParams?: object }).queryParams ?? {}).toEqual({});
    expect(after).not.toMatch(/cleared by the server|kept as on the server/);
  });
});
