import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { pipeEngine as provider } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { emulatorWithEngine } from "../support/engine";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await emulatorWithEngine({ keySecret: 'key/se"cret+with=odd chars' });
});
afterAll(() => emulator.close());

describe("an API error that echoes a credential in another form", () => {
  const { keyId, keySecret } = { keyId: "emulator-key-id", keySecret: 'key/se"cret+with=odd chars' };
  const basic = Buffer.from(`${keyId}:${keySecret}`).toString("base64");
  it.each([
    ["the Basic authorization value", `header Basic ${basic} refused`, basic],
    ["the key secret URL-encoded", `key=${encodeURIComponent(keySecret)} refused`, encodeURIComponent(keySecret)],
    ["the key secret JSON-escaped", `body ${JSON.stringify({ key: keySecret })}`, JSON.stringify(keySecret).slice(1, -1)],
  ])("%s reaches the user blanked out", async (_form, detail, form) => {
    emulator.control.script({ method: "POST", path: "/pipes$", status: 400, body: { status: 400, error: `BAD_REQUEST: ${detail}`, requestId: "req-1" } });
    const inputs = engineInputs(kafkaPipe(), { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
    const { inputs: checked } = await provider.check({}, inputs);
    const err = await provider.create(checked!).then(
      () => new Error("created"),
      (e: Error) => e,
    );
    expect(err.message).toMatch(/400 BAD_REQUEST: .*\[secret\].*\(requestId req-1\)/);
    expect(err.message).not.toContain(form);
  });
});
