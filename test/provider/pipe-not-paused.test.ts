/**
 * The client chooses `PipeNotPausedError` for the emulator's own answer to a mapping edit of a
 * running pipe (400 `BAD_REQUEST: pipe must be paused to edit table mappings`), so the engine
 * branches on the class, not on the message; any other 400 stays a plain `ApiError`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { ApiError, PipeNotPausedError } from "../../provider/errors";
import { cloudService, serviceRef, type CloudService } from "../../provider/client/cloud";
import { path } from "../../provider/client/paths";
import { resolveSettings } from "../../provider/config";
import { PipestackError } from "../../provider/errors";
import { pipeEngine as provider } from "../support/engines";
import { emulatorWithEngine } from "../support/engine";
import { postgresPipe } from "../support/pipe-fixtures";
import { checkedPipe } from "../support/pipe-props";
import { storedPipes } from "../support/stored";

let emulator: Emulator;
let svc: CloudService;

beforeAll(async () => {
  emulator = await emulatorWithEngine({ stepMs: 30 });
  const { keyId, keySecret, organizationId, serviceId } = emulator.options;
  const values: Record<string, string> = { apiUrl: emulator.url, keyId, keySecret, organizationId, serviceId, retryBaseDelayMs: "5" };
  const settings = resolveSettings((key) => values[key], {});
  svc = cloudService(settings, serviceRef(settings));
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.clearScripts();
});

/** A PATCH of a running postgres pipe, as the engine sends it; its failure. */
async function patchRunning(source: Record<string, unknown>): Promise<unknown> {
  const { id } = await provider.create(await checkedPipe(emulator, postgresPipe()));
  expect(storedPipes(emulator)[0].state).toMatch(/Running|Snapshot/);
  return svc.client.request({ method: "PATCH", path: `${svc.basePath}${path("pipes", id)}`, body: { source: { postgres: source } } }).then(
    () => expect.fail("the PATCH must be refused"),
    (err: unknown) => err,
  );
}

describe("PipeNotPausedError", () => {
  it("is what a mapping edit of a running pipe raises, with its code and the API's message", async () => {
    const err = await patchRunning({ tableMappingsToAdd: [{ sourceSchemaName: "public", sourceTable: "items", targetTable: "public_items" }] });
    expect(err).toBeInstanceOf(PipeNotPausedError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(PipestackError);
    const e = err as PipeNotPausedError;
    expect(e.code).toBe("PIPESTACK_PIPE_NOT_PAUSED");
    expect([e.status, e.apiCode]).toEqual([400, "BAD_REQUEST"]);
    expect(e.message).toMatch(/^PATCH \/v1\/organizations\/.+\/pipes\/.+ -> 400 BAD_REQUEST: pipe must be paused to edit table mappings \(requestId /);
  });

  it("is not what other refusals of the same PATCH raise", async () => {
    const err = await patchRunning({ brokers: "x" });
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(PipeNotPausedError);
    expect((err as ApiError).code).toBe("PIPESTACK_API_ERROR");
  });
});
