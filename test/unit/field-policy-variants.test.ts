/**
 * Unions in the field policy, declared by variant: the compiler refuses a policy lacking a
 * variant or a variant's field, the run-time check (`policyGaps`) holds every registered kind's
 * policy to its schema, and what is derived from a variant's fields (the body, the key, the
 * read-back, the diff, the wire suite's paths) carries a field a new variant brings. The new
 * variant is the experiment: an alert channel `{ type: "email", addresses }`.
 */
import { z } from "zod";
import { describe, expect, it } from "vitest";
import type { FieldPolicy, PolicyTree } from "../../provider/schemas/field-policy";
import { declaredKey, sentValue, sharedFields, variantName } from "../../provider/schemas/variants";
import { readableSecrets, readBack, readBackFields } from "../../provider/engine/read-back";
import { fieldChanges } from "../../provider/engine/field-diff";
import { registry } from "../../provider/registry";
import { alertTileOn } from "../../provider/resources/stack-dashboard/alert-tile";
import { TILE_CARRIES_ALERTS } from "../../provider/resources/stack-dashboard/tile-policy";
import { policyGaps } from "../support/policy-gaps";
import { schemaPaths, valuePaths } from "../support/schema-paths";

const put = { change: "update", patch: "put" } as const;

// A channel union as the alert's, with the experiment's second variant.
const webhook = z.object({ type: z.literal("webhook"), webhookId: z.string() }).strict();
const email = z.object({ type: z.literal("email"), addresses: z.array(z.string()) }).strict();
const channel = z.discriminatedUnion("type", [webhook, email]);
const spec = z.object({ name: z.string(), channel: channel.optional(), channels: z.array(channel).optional() }).strict();
type Spec = z.input<typeof spec>;

const channelPolicy = {
  discriminator: "type",
  variants: {
    webhook: { fields: { type: put, webhookId: put } },
    email: { fields: { type: put, addresses: put } },
  },
} as const;
const policy = { name: put, channel: { ...put, ...channelPolicy }, channels: { ...put, items: channelPolicy } } as const satisfies FieldPolicy<Spec>;

describe("a union missing from its policy does not compile", () => {
  it("every variant, every variant's field (and no other), the items of an array of a union, the variant of a left-out discriminator", () => {
    type Filter = { type?: "sql"; condition: string } | { type: "ast"; left: string };
    // @ts-expect-error the `email` variant is missing
    const noVariant: FieldPolicy<Spec> = { ...policy, channel: { ...put, discriminator: "type", variants: { webhook: channelPolicy.variants.webhook } } };
    const noField: FieldPolicy<Spec> = {
      ...policy,
      // @ts-expect-error `addresses` of the `email` variant is missing
      channel: { ...put, discriminator: "type", variants: { ...channelPolicy.variants, email: { fields: { type: put } } } },
    };
    const extra: FieldPolicy<Spec> = {
      ...policy,
      // @ts-expect-error `cc` is no field of the `email` variant
      channel: { ...put, discriminator: "type", variants: { ...channelPolicy.variants, email: { fields: { type: put, addresses: put, cc: put } } } },
    };
    // @ts-expect-error a union declared as one object's fields
    const asFields: FieldPolicy<Spec> = { ...policy, channel: { ...put, fields: { type: put } } };
    // @ts-expect-error an array of a union without its items
    const noItems: FieldPolicy<Spec> = { ...policy, channels: put };
    const filterVariants = { sql: { fields: { type: put, condition: put } }, ast: { fields: { type: put, left: put } } };
    // @ts-expect-error a filter may leave `type` out: the policy must say which variant it then is
    const noAbsent: FieldPolicy<{ f: Filter }> = { f: { ...put, discriminator: "type", variants: filterVariants } };
    const withAbsent = { f: { ...put, discriminator: "type", absent: "sql", variants: filterVariants } } as const satisfies FieldPolicy<{ f: Filter }>;
    expect([noVariant, noField, extra, asFields, noItems, noAbsent, withAbsent]).toHaveLength(7);
  });
});

describe("policyGaps: a policy against its schema, at run time", () => {
  it("every registered kind's policy names every variant and every variant's field of its schema", () => {
    for (const d of registry) {
      // The secrets a class keeps apart are a field of the outputs, not of the schema.
      const { [d.secretsApart?.into ?? ""]: _apart, ...fields } = d.diff.fields;
      expect(policyGaps(d.spec, fields), d.type).toEqual([]);
    }
  });

  const asTree = (p: object) => p as PolicyTree;
  it.each([
    ["a complete policy", policy, []],
    [
      "a variant missing",
      { ...policy, channel: { ...put, discriminator: "type", variants: { webhook: channelPolicy.variants.webhook } } },
      ["channel<email>: a variant of the union the policy lacks"],
    ],
    [
      "a variant's field missing",
      { ...policy, channels: { ...put, items: { ...channelPolicy, variants: { ...channelPolicy.variants, email: { fields: { type: put } } } } } },
      ["channels[]<email>.addresses: the policy has no entry for it"],
    ],
    [
      "a variant the union lacks",
      { ...policy, channel: { ...put, ...channelPolicy, variants: { ...channelPolicy.variants, sms: { fields: {} } } } },
      ["channel<sms>: no form of the union has this `type`"],
    ],
    ["a union declared as one value", { ...policy, channel: put }, ["channel: a union of 2 object forms: declare it by variant (discriminator, variants)"]],
    [
      "an array of a union without items",
      { ...policy, channels: put },
      ["channels[]: a union of object forms the policy does not reach: declare the fields or items down to it, and it by variant"],
    ],
  ])("%s", (_what, tree, gaps) => expect(policyGaps(spec, asTree(tree))).toEqual(gaps));

  it("a form that may leave the discriminator out needs `absent`", () => {
    const filter = z.union([z.object({ type: z.enum(["sql"]).optional(), condition: z.string() }), z.object({ type: z.literal("ast"), left: z.string() })]);
    const variants = { sql: { fields: { type: put, condition: put } }, ast: { fields: { type: put, left: put } } };
    const schema = z.object({ f: z.array(filter) });
    expect(policyGaps(schema, { f: { ...put, items: { discriminator: "type", variants } } })).toEqual([
      "f[]: a form may leave `type` out: name the variant it then is in `absent`",
    ]);
    expect(policyGaps(schema, { f: { ...put, items: { discriminator: "type", absent: "sql", variants } } })).toEqual([]);
  });
});

describe("what a variant's fields give: body, key, read-back, diff", () => {
  const mail = { type: "email", addresses: ["ops@example.test"] };
  const hook = { type: "webhook", webhookId: "w1" };

  it.each([
    ["a webhook channel", hook, hook],
    ["an email channel keeps its addresses", mail, mail],
    ["a field no variant declares is not sent", { ...hook, extra: 1 }, hook],
    ["a variant not declared is sent as written", { type: "sms", to: "1" }, { type: "sms", to: "1" }],
  ])("the body of %s", (_what, value, body) => expect(sentValue(policy.channel, value)).toEqual(body));

  it("the body of a list of channels, item by item", () => {
    expect(sentValue(policy.channels, [hook, { ...mail, extra: 1 }])).toEqual([hook, mail]);
  });

  it.each([
    ["two webhooks of one id", true, hook, { ...hook }],
    ["two webhooks of two ids", false, hook, { ...hook, webhookId: "w2" }],
    ["two emails to the same addresses", true, mail, { ...mail }],
    ["two emails to other addresses", false, mail, { ...mail, addresses: ["dev@example.test"] }],
  ])("the key: %s are the same channel: %s", (_what, same, a, b) => expect(declaredKey(channelPolicy, a) === declaredKey(channelPolicy, b)).toBe(same));

  it("the read-back keeps a variant's fields, drops what it does not declare, and keeps an undeclared variant whole", () => {
    const answer = {
      name: "a",
      channel: { ...mail, _id: "x" },
      channels: [
        { ...hook, _id: "y" },
        { type: "sms", to: "1" },
      ],
    };
    expect(readBackFields(policy, answer, {})).toEqual({ name: "a", channel: mail, channels: [hook, { to: "1", type: "sms" }] });
    expect(readBack(policy.channel, { type: "email", addresses: null }, undefined)).toEqual({ type: "email" });
  });

  it.each([
    ["the same email", mail, mail, []],
    ["other addresses", mail, { ...mail, addresses: ["dev@example.test"] }, ["channel.addresses"]],
    ["another webhook", hook, { ...hook, webhookId: "w2" }, ["channel.webhookId"]],
    ["another variant: the channel as one value", hook, mail, ["channel"]],
    ["a new channel", undefined, mail, ["channel.addresses", "channel.type"]],
  ])("the diff of %s", (_what, olds, news, paths) => {
    const changes = fieldChanges({ name: "a", channel: olds }, { name: "a", channel: news }, { fields: policy, outputsOnly: [], unlisted: "replace" });
    expect(changes.map((c) => c.path)).toEqual(paths);
  });

  it.each([
    ["by its discriminator", channelPolicy, hook, "webhook"],
    ["undeclared", channelPolicy, { type: "sms" }, undefined],
    ["no object", channelPolicy, "webhook", undefined],
    ["left out: the absent variant", { ...channelPolicy, absent: "email" }, { addresses: [] }, "email"],
  ])("the variant %s", (_what, shape, value, name) => expect(variantName(shape, value)).toBe(name));

  it("two values of different variants share no fields", () => {
    expect(sharedFields(channelPolicy, hook, mail)).toBeUndefined();
    expect(sharedFields(channelPolicy, undefined, mail)).toBe(channelPolicy.variants.email.fields);
  });
});

describe("the wire suite's paths walk into each variant", () => {
  it("a schema's paths name each variant's fields", () => {
    expect(schemaPaths(spec)).toEqual([
      "name",
      "channel",
      "channel<webhook>.type",
      "channel<webhook>.webhookId",
      "channel<email>.type",
      "channel<email>.addresses",
      "channels",
      "channels[]<webhook>.type",
      "channels[]<webhook>.webhookId",
      "channels[]<email>.type",
      "channels[]<email>.addresses",
    ]);
  });

  it("a value covers the paths of its own variant only", () => {
    const value = { name: "a", channel: { type: "webhook", webhookId: "w" }, channels: [{ type: "email", addresses: ["x"] }] };
    expect(valuePaths(spec, value)).toEqual([
      "name",
      "channel",
      "channel<webhook>.type",
      "channel<webhook>.webhookId",
      "channels",
      "channels[]<email>.type",
      "channels[]<email>.addresses",
    ]);
  });
});

describe("the tile kinds that carry alerts come from the tile policy's variants", () => {
  it('line, stacked_bar and number tiles carry alerts (notes: "Current shapes")', () => {
    expect(Object.keys(TILE_CARRIES_ALERTS).filter((k) => TILE_CARRIES_ALERTS[k as keyof typeof TILE_CARRIES_ALERTS])).toEqual([
      "line",
      "stacked_bar",
      "number",
    ]);
  });
  const board = (displayType: string) => ({ tiles: [{ id: "t1", name: "T", config: { displayType } }] });
  it.each(Object.entries(TILE_CARRIES_ALERTS))("a %s tile carries alerts: %s", (displayType, carries) => {
    expect("id" in alertTileOn(board(displayType), { tileId: "t1" }, "d1")).toBe(carries);
  });
});

describe("readableSecrets: the secrets an answer does return, by secret name", () => {
  const tree: PolicyTree = {
    token: { change: "update", secret: "token" },
    key: { change: "update", secret: "key", writeOnly: true },
    source: { change: "replace", fields: { kafka: { change: "replace", fields: { password: { change: "update", secret: "password" } } } } },
    // A field named like an index: a policy path names fields, so a list in the answer holds none.
    list: { change: "update", fields: { "0": { change: "update", secret: "first" } } },
  };
  it.each<[string, unknown, Record<string, unknown>]>([
    ["a top-level secret", { token: "t" }, { token: "t" }],
    ["a nested secret", { source: { kafka: { password: "p" } } }, { password: "p" }],
    ["never a write-only one", { key: "k" }, {}],
    ["never one that is no string", { token: 1, source: { kafka: { password: null } } }, {}],
    ["none under a missing or odd parent", { source: { kafka: "text" } }, {}],
    ["none through a list", { source: [{ kafka: { password: "p" } }], list: ["x"] }, {}],
    ["one under an object's numeric-looking key", { list: { "0": "x" } }, { first: "x" }],
    ["an answer that is no object", "text", {}],
  ])("%s", (_why, answer, expected) => {
    expect(readableSecrets(tree, answer)).toEqual(expected);
  });
});
