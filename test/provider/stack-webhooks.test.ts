/**
 * getStackWebhooks against a current server (emulator 2.36.0) on both targets, and a
 * first-generation one: ids for alert channels, never a webhook's URL, headers or a credential.
 */
import { describe, expect, it } from "vitest";
import { getStackWebhooks, getStackWebhooksOutput } from "../../provider/functions/list-functions";
import { runAsProgram, useEnv, valueOf } from "../support/program-functions";
import { apiV2, rawJson } from "../support/raw-api";
import { KEY_SECRET, STACK_TOKEN } from "../support/emulator";
import { TARGETS, configFor, surfaceOf } from "../support/stack-targets";
import { startGenerations } from "../support/stack-generations";

const emulators = startGenerations();
runAsProgram();

describe.each(TARGETS)("getStackWebhooks on the %s target", (kind) => {
  it("lists the webhooks, as a Promise and as an Output, without URLs or headers", async () => {
    useEnv(configFor(kind, emulators.current));
    const secretUrl = `https://chat.example.test/hooks/T000/B000/${kind}-secret-path`;
    const made = await rawJson(emulators.current, surfaceOf(kind), "POST", "/webhooks", {
      name: `on-call-${kind}`,
      service: "generic",
      url: secretUrl,
      headers: { "X-Token": `header-secret-${kind}` },
    });
    const listed = await getStackWebhooks();
    expect(listed.map((w) => w.id)).toEqual(expect.arrayContaining(["65f0c0de00000000000000a1", made.id]));
    expect(listed.find((w) => w.id === made.id)).toEqual({
      id: made.id,
      name: `on-call-${kind}`,
      service: "generic",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const asOutput = await valueOf(getStackWebhooksOutput());
    expect(asOutput).toEqual(listed);
    const text = JSON.stringify(listed);
    for (const hidden of [secretUrl, "hooks.example.test", `header-secret-${kind}`, KEY_SECRET, STACK_TOKEN]) expect(text).not.toContain(hidden);
  });
});

describe("getStackWebhooks and the paged list of a current server", () => {
  it("reads `data` of the `{data, meta}` answer: every webhook, in the server's order", async () => {
    useEnv(configFor("server", emulators.current));
    const answer = await apiV2(emulators.current).call("GET", "/webhooks");
    expect(Object.keys(answer.json)).toEqual(["data", "meta"]);
    expect(answer.json.meta.total).toBe(answer.json.data.length);
    expect((await getStackWebhooks()).map((w) => w.id)).toEqual(answer.json.data.map((w: { id: string }) => w.id));
  });
});

describe("getStackWebhooks on a first-generation server", () => {
  it("fails clearly: that server lists no webhooks", async () => {
    useEnv(configFor("server", emulators.first));
    await expect(getStackWebhooks()).rejects.toThrow(
      /getStackWebhooks: GET \/api\/v2\/webhooks -> 404 .*lists no webhooks: a first-generation server, or a wrong stackUrl/,
    );
  });
});
