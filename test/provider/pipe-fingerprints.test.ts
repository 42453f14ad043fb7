/**
 * Pipe outputs hold fingerprints of the source credentials, never their plaintext (the SDK prints
 * the outputs in its debug log): against the emulator, the program's unchanged credential diffs as
 * no change, a changed one as an in-place update that sends it, and states written before
 * fingerprints (plaintext in the outputs) still diff, refresh, update and destroy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { fingerprintMatches } from "../../provider/engine/fingerprint";
import { emulatorWithEngine } from "../support/engine";
import { pipeEngine as provider } from "../support/engines";
import { kafkaPipe, objectStoragePipe } from "../support/pipe-fixtures";
import { checkedPipe } from "../support/pipe-props";
import { storedPipes } from "../support/stored";

type Obj = Record<string, any>;
let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorWithEngine({ stepMs: 30 });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.clearScripts();
  emulator.control.resetStats();
});

const PASSWORD = "fingerprint-kafka-password-0001";
const ROTATED = "fingerprint-kafka-password-0002";
const CONNECTION = "DefaultEndpointsProtocol=https;AccountName=a;AccountKey=fp-conn-key==";

const kafka = (password: string, extra: Obj = {}) => {
  const spec: Obj = kafkaPipe("fp");
  spec.source.kafka.credentials = { username: "ingest", password };
  return checkedPipe(emulator, { ...spec, ...extra });
};

const PATCH_PIPE = "PATCH /v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}";
const patches = () => emulator.control.stats().byRoute[PATCH_PIPE] ?? 0;

describe("pipe outputs hold fingerprints of the credentials", () => {
  it("create writes fingerprints; the same program is no change; a refresh keeps them", async () => {
    const inputs = await kafka(PASSWORD);
    const { id, outs } = await provider.create(inputs);
    expect(JSON.stringify(outs)).not.toContain(PASSWORD);
    expect(fingerprintMatches(outs.sourceSecrets.credentials.password, PASSWORD)).toBe(true);
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false, diffs: [] });

    const read = await provider.read(id, outs);
    expect(read.props.sourceSecrets).toEqual(outs.sourceSecrets);
    expect(await provider.diff(id, read.props, inputs)).toMatchObject({ changes: false, diffs: [] });
  });

  it("a changed password is an in-place change, sent with one PATCH; an unchanged one keeps its fingerprint", async () => {
    const { id, outs } = await provider.create(await kafka(PASSWORD));
    const news = await kafka(ROTATED);
    expect(await provider.diff(id, outs, news)).toMatchObject({ replaces: [], diffs: [{ path: "sourceSecrets.credentials", kind: "update" }] });

    emulator.control.resetStats();
    const updated = (await provider.update(id, outs, news)).outs;
    expect(patches()).toBe(1);
    expect(JSON.stringify(updated)).not.toContain(ROTATED);
    expect(fingerprintMatches(updated.sourceSecrets.credentials.password, ROTATED)).toBe(true);
    expect(updated.sourceSecrets.credentials.username, "the unchanged username keeps its fingerprint").toBe(outs.sourceSecrets.credentials.username);
    expect((await provider.diff(id, updated, news)).changes).toBe(false);
    expect((await provider.diff(id, updated, await kafka(PASSWORD))).diffs).toEqual([{ path: "sourceSecrets.credentials", kind: "update" }]);

    // Another field changes: the credential is not sent, its fingerprint stays as it was.
    const settings = await kafka(ROTATED, { settings: { streaming_max_insert_wait_ms: 7000 } });
    emulator.control.resetStats();
    const again = (await provider.update(id, updated, settings)).outs;
    expect(patches()).toBe(0);
    expect(again.sourceSecrets).toEqual(updated.sourceSecrets);
  });

  it("a connection string the API reads back is fingerprinted, and refreshes with no change", async () => {
    const spec: Obj = objectStoragePipe("fp-conn");
    const { accessKey: _a, ...rest } = spec.source.objectStorage;
    spec.source.objectStorage = { ...rest, authentication: "CONNECTION_STRING", azureContainerName: "c", path: "**.json", connectionString: CONNECTION };
    const inputs = await checkedPipe(emulator, spec);
    const { id, outs } = await provider.create(inputs);
    expect(JSON.stringify(outs)).not.toContain("fp-conn-key");
    expect(fingerprintMatches(outs.sourceSecrets.connectionString, CONNECTION)).toBe(true);
    const read = await provider.read(id, outs);
    expect(read.props.sourceSecrets).toEqual(outs.sourceSecrets);
    expect((await provider.diff(id, read.props, inputs)).changes).toBe(false);
  });
});

describe("a state written before fingerprints (plaintext credentials in the outputs)", () => {
  async function oldState() {
    const inputs = await kafka(PASSWORD);
    const { id, outs } = await provider.create(inputs);
    // The outputs as releases before fingerprints wrote them: the program's credentials as given.
    return { id, inputs, olds: { ...outs, sourceSecrets: { credentials: { username: "ingest", password: PASSWORD } } } as Obj };
  }

  it("diffs: the same credential is no change, a changed one is", async () => {
    const { id, inputs, olds } = await oldState();
    expect(await provider.diff(id, olds, inputs)).toMatchObject({ changes: false, diffs: [] });
    expect((await provider.diff(id, olds, await kafka(ROTATED))).diffs).toEqual([{ path: "sourceSecrets.credentials", kind: "update" }]);
  });

  it("refreshes keeping its form (no change), updates into fingerprints, destroys", async () => {
    const { id, olds } = await oldState();
    const read = await provider.read(id, olds);
    expect(read.props.sourceSecrets).toEqual(olds.sourceSecrets);

    const news = await kafka(PASSWORD, { settings: { streaming_max_insert_wait_ms: 7000 } });
    emulator.control.resetStats();
    const updated = (await provider.update(id, read.props, news)).outs;
    expect(patches(), "the unchanged credential is not sent").toBe(0);
    expect(JSON.stringify(updated)).not.toContain(PASSWORD);
    expect((await provider.diff(id, updated, news)).changes).toBe(false);

    await provider.delete(id, olds);
    expect(storedPipes(emulator)).toHaveLength(0);
  });
});
