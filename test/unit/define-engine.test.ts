import { describe, expect, it } from "vitest";
import { NO_UNIQUE_NAME } from "../../provider/engine/name-holder";
import * as pipe from "../../provider/resources/pipe/engine";
import * as endpoint from "../../provider/resources/reverse-private-endpoint/engine";
import * as alert from "../../provider/resources/stack-alert/engine";
import * as dashboard from "../../provider/resources/stack-dashboard/engine";
import * as savedSearch from "../../provider/resources/stack-saved-search/engine";
import * as webhook from "../../provider/resources/stack-webhook/engine";
import * as connection from "../../provider/resources/stack-connection/engine";
import * as source from "../../provider/resources/stack-source/engine";
import { waitMs } from "../../provider/engine/cloud-object";
import { defineEngine, diffAnswer, ownAdoptId, type EngineSpec } from "../../provider/engine/define-engine";
import type { FieldChange } from "../../provider/engine/field-diff";
import { registry } from "../../provider/registry";

const ENGINES = registry.map((d) => d.engine);

const replaceName: FieldChange = { path: "name", kind: "replace" };
const updateNote: FieldChange = { path: "note", kind: "update" };

describe("diffAnswer: the engine's diff from the changes", () => {
  it.each([
    ["no change", [], { collides: false, engineCompares: false }, { changes: false, replaces: [], deleteBeforeReplace: false }],
    ["an update", [updateNote], { collides: true, engineCompares: false }, { changes: true, replaces: [], deleteBeforeReplace: false }],
    ["a replacement", [replaceName], { collides: false, engineCompares: false }, { changes: true, replaces: ["name"], deleteBeforeReplace: false }],
    [
      "a colliding replacement",
      [replaceName, updateNote],
      { collides: true, engineCompares: false },
      { changes: true, replaces: ["name"], deleteBeforeReplace: true },
    ],
    ["left to the engine", [updateNote], { collides: true, engineCompares: true }, { changes: undefined, replaces: [], deleteBeforeReplace: false }],
  ] as const)("%s", (_name, changes, how, expected) => {
    const d = diffAnswer([...changes], how);
    expect({ changes: d.changes, replaces: d.replaces, deleteBeforeReplace: d.deleteBeforeReplace }).toEqual(expected);
    expect(d.diffs).toEqual(changes);
  });
});

describe("ownAdoptId: a create adopts only a named object", () => {
  it.each([
    [{}, undefined],
    [{ adoptId: "" }, undefined],
    [{ adoptId: "66a0" }, "66a0"],
  ])("%j -> %s", (inputs, expected) => {
    expect(ownAdoptId(inputs)).toBe(expected);
  });
});

describe("waitMs: how long a cloud object is waited for", () => {
  it.each([
    [{}, 600_000],
    [{ waitTimeoutSeconds: 5 }, 5_000],
  ])("%j -> %d ms", (props, expected) => {
    expect(waitMs(props)).toBe(expected);
  });
});

describe("defineEngine: the skeleton around a spec", () => {
  /** A spec whose calls are counted; nothing in it talks to a server. */
  function counted(adoptId?: EngineSpec<{ name?: string; adoptId?: string }, object, null, { id: string }>["adoptId"]) {
    const probes: unknown[] = [];
    const provider = defineEngine<{ name?: string; adoptId?: string }, { name?: string }, null, { id: string }>({
      validate: (news) => ({ inputs: news, failures: [] }),
      probe: { needs: [], probe: async (inputs) => (probes.push(inputs), []) },
      names: NO_UNIQUE_NAME,
      at: () => null,
      whereabouts: () => {
        throw new Error("no whereabouts in this test");
      },
      rules: { fields: { name: { change: "replace" } }, outputsOnly: [], unlisted: "ignore" },
      collides: () => true,
      adoptId,
      create: async () => ({ id: "made", outs: {} }),
      adopt: async () => ({}),
      update: async () => ({}),
      refreshed: () => ({}),
      remove: async () => undefined,
    });
    return { provider, probes };
  }

  it.each([
    ["a create", 1, {}, { name: "a" }, undefined],
    ["an update", 0, { name: "a" }, { name: "b" }, undefined],
    ["an adoption", 0, {}, { name: "a", adoptId: "66a0" }, undefined],
    ["an adoption the spec names", 0, {}, { name: "a" }, () => "66a0"],
  ] as const)("check of %s reads %d time(s)", async (_name, reads, olds, news, adoptId) => {
    const { provider, probes } = counted(adoptId);
    await provider.check(olds, news);
    expect(probes).toHaveLength(reads);
  });

  it("diff compares by the spec's rules and deletes first when the spec says they collide", async () => {
    const { provider } = counted();
    const d = await provider.diff("id", { name: "a" }, { name: "b" });
    expect({ replaces: d.replaces, deleteBeforeReplace: d.deleteBeforeReplace }).toEqual({ replaces: ["name"], deleteBeforeReplace: true });
  });
});

describe("the engine entries (`pulumi-pipestack/engine/<name>`)", () => {
  const entries: Record<(typeof ENGINES)[number], object> = {
    pipe,
    "reverse-private-endpoint": endpoint,
    "stack-alert": alert,
    "stack-dashboard": dashboard,
    "stack-saved-search": savedSearch,
    "stack-webhook": webhook,
    "stack-connection": connection,
    "stack-source": source,
  };

  it.each(ENGINES.map((e) => [e]))("%s exports only `provider`", (engine) => {
    expect(Object.keys(entries[engine])).toEqual(["provider"]);
  });
});
