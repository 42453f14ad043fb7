import * as pulumi from "@pulumi/pulumi";
import { describe, expectTypeOf, it } from "vitest";
import type { PipeArgs } from "../../provider/classes";
import type { ReversePrivateEndpointArgs } from "../../provider/classes";
import type { Settings } from "../../provider/config";
import type { StackAlertArgs } from "../../provider/classes";
import { Pipe, ReversePrivateEndpoint, StackAlert, StackDashboard, StackSavedSearch, StackWebhook } from "../../provider/index";

// These assertions are checked by the compiler (test/package/typecheck.test.ts runs tsc over the
// tests); at run time they are no-ops.
const kafka = { kafka: { brokers: "b:9092", topics: "t" } };

describe("public types", () => {
  it("a pipe's source takes exactly one source kind", () => {
    const one: PipeArgs["source"] = { kafka: { brokers: "b:9092", topics: "t" }, validateSamples: true };
    // @ts-expect-error two source kinds in one source
    const two: PipeArgs["source"] = { kafka: { brokers: "b:9092", topics: "t" }, kinesis: { streamName: "s", region: "r" } };
    // @ts-expect-error no source kind
    const none: PipeArgs["source"] = { validateSamples: true };
    expectTypeOf([one, two, none]).toBeArray();
  });

  it("PipeArgs takes Outputs at any depth", () => {
    const ids: pulumi.Output<string[]> = pulumi.output(["rpe-1"]);
    const args: PipeArgs = {
      source: {
        kafka: { brokers: pulumi.output("b:9092"), topics: "t", reversePrivateEndpointIds: ids, credentials: { username: "u", password: pulumi.secret("p") } },
      },
      destination: { database: "default", table: "t", managedTable: true, columns: [{ name: "id", type: pulumi.output("String") }] },
      fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    };
    expectTypeOf(args.source).not.toBeAny();
  });

  it("PipeArgs refuses wrong shapes", () => {
    // @ts-expect-error replicas is a number
    const a: PipeArgs = { source: kafka, destination: { database: "d" }, scaling: { replicas: "two" } };
    // @ts-expect-error settings names are exact
    const b: PipeArgs = { source: kafka, destination: { database: "d" }, settings: { maxThreads: 1 } };
    // @ts-expect-error destination columns are objects
    const c: PipeArgs = { source: kafka, destination: { table: "t", columns: ["id"] } };
    expectTypeOf([a, b, c]).toBeArray();
  });

  // Each case failed to compile while DeepInput distributed over unions (issue 13, item 1).
  it("takes an Output of a boolean field (a union of true and false)", () => {
    const managed: pulumi.Output<boolean> = pulumi.output(true);
    const args: PipeArgs = { source: kafka, destination: { database: "d", managedTable: managed } };
    expectTypeOf(args).toEqualTypeOf<PipeArgs>();
  });

  it("takes an Output of an enum field (a union of literals)", () => {
    const auth: pulumi.Output<"PLAIN" | "SCRAM-SHA-512"> = pulumi.output<"PLAIN" | "SCRAM-SHA-512">("PLAIN");
    const args: PipeArgs = { source: { kafka: { brokers: "b:9092", topics: "t", authentication: auth } }, destination: { database: "d" } };
    expectTypeOf(args).toEqualTypeOf<PipeArgs>();
  });

  it("takes an Output that may be undefined into an optional field, e.g. another resource's output", () => {
    const maybe: pulumi.Output<string | undefined> = pulumi.output<string | undefined>(undefined);
    const board = {} as StackDashboard;
    const args: StackAlertArgs = {
      source: "tile",
      threshold: 1,
      thresholdType: "above",
      interval: "5m",
      channel: { type: "webhook", webhookId: "w" },
      serviceId: board.serviceId,
      organizationId: maybe,
      dashboardId: board.id,
      tileId: maybe,
    };
    const pipe: PipeArgs = { source: { kafka: { brokers: "b:9092", topics: "t", consumerGroup: maybe } }, destination: { database: "d" }, serviceId: maybe };
    expectTypeOf([args, pipe]).toBeArray();
  });

  it("a current-form alert takes its saved search's id and a webhook id from getStackWebhooksOutput", () => {
    type Index = typeof import("../../provider/index");
    const search = {} as InstanceType<Index["StackSavedSearch"]>;
    const hook: pulumi.Output<string> = pulumi.output("65f0c0de00000000000000a1");
    const args: StackAlertArgs = {
      source: "saved_search",
      savedSearchId: search.id,
      groupBy: "host",
      threshold: 1,
      thresholdMax: 5,
      thresholdType: "between",
      interval: "5m",
      channels: [{ type: "webhook", webhookId: hook }],
      note: "n",
      numConsecutiveWindows: 2,
      scheduleOffsetMinutes: 1,
      scheduleStartAt: "2026-01-01T00:00:00Z",
    };
    const byName: StackAlertArgs = {
      source: "tile",
      dashboardId: "d",
      tile: "Errors",
      threshold: 1,
      thresholdType: "above_exclusive",
      interval: "1m",
      channel: { type: "webhook", webhookId: "w" },
    };
    const searchArgs: import("../../provider/index").StackSavedSearchArgs = {
      sourceId: pulumi.output("s"),
      whereLanguage: "sql",
      filters: [{ type: "sql_ast", operator: "=", left: "a", right: "b" }, { condition: "x" }],
    };
    expectTypeOf([args, byName, searchArgs]).toBeArray();
    expectTypeOf<InstanceType<Index["StackAlert"]>["thresholdType"]>().toEqualTypeOf<
      pulumi.Output<"above" | "below" | "above_exclusive" | "below_or_equal" | "equal" | "not_equal" | "between" | "not_between">
    >();
    // @ts-expect-error: a threshold type no server has
    const bad: StackAlertArgs = { ...byName, thresholdType: "over" };
    expectTypeOf(bad).toBeObject();
  });

  it("takes an Output of a whole optional object, and Outputs inside it", () => {
    const scaling: pulumi.Output<{ replicas: number } | undefined> = pulumi.output<{ replicas: number } | undefined>({ replicas: 2 });
    const a: PipeArgs = { source: kafka, destination: { database: "d" }, scaling };
    const b: PipeArgs = { source: kafka, destination: { database: "d" }, scaling: { replicas: pulumi.output(2) } };
    expectTypeOf([a, b]).toBeArray();
  });

  it("the named nested types are what the args take at that place", () => {
    type Index = typeof import("../../provider/index");
    type Named = import("../../provider/index").DestinationArgs;
    const destination: Named = { database: "d", managedTable: pulumi.output(true), columns: [{ name: "id", type: "String" }] };
    const scaling: import("../../provider/index").ScalingArgs = { replicas: pulumi.output(2) };
    const tile: import("../../provider/index").StackTileArgs = {
      name: "n",
      x: 0,
      y: 0,
      w: 1,
      h: 1,
      series: [{ type: "time", dataSource: "events", aggFn: "count" }],
    };
    const args: PipeArgs = { source: { kafka: { brokers: "b", topics: "t" } }, destination, scaling };
    expectTypeOf([args, tile]).toBeArray();
    expectTypeOf<InstanceType<Index["Pipe"]>["destination"]>().toEqualTypeOf<pulumi.Output<import("../../provider/index").Destination>>();
    expectTypeOf<InstanceType<Index["Pipe"]>["source"]>().toEqualTypeOf<pulumi.Output<import("../../provider/index").PipeSource>>();
  });

  it("a tile's config is one display type's shape, with Outputs inside (a source id from a function)", () => {
    type Tile = import("../../provider/index").StackTileArgs;
    const sourceId = pulumi.output("65f0c0de0000000000000001");
    const line: Tile = { name: "n", x: 0, y: 0, w: 1, h: 1, config: { displayType: "line", sourceId, select: [{ aggFn: "count" }], fillNulls: false } };
    const raw: Tile = { name: "n", x: 0, y: 0, w: 1, h: 1, config: { configType: "sql", displayType: "pie", connectionId: "c", sqlTemplate: "q" } };
    // @ts-expect-error no such display type
    const wrongType: Tile = { name: "n", x: 0, y: 0, w: 1, h: 1, config: { displayType: "gauge", sourceId, select: [] } };
    expectTypeOf([line, raw, wrongType]).toBeArray();
  });

  it("a tile's config: the display type is written as itself and picks the shape, whose fields are checked", () => {
    type Config = import("../../provider/index").StackTileConfigArgs;
    const rawLine: Config = { configType: "sql", displayType: "line", connectionId: "c", sqlTemplate: "q", fillNulls: pulumi.output(false) };
    // @ts-expect-error the tag that says which shape is meant is not an Output
    const hidden: Config = { displayType: pulumi.output("line" as const), sourceId: "s", select: [{ aggFn: "count" }] };
    // @ts-expect-error a line tile has no `having` (a table's)
    const having: Config = { displayType: "line", sourceId: "s", select: [{ aggFn: "count" }], having: "count > 1" };
    // @ts-expect-error a markdown tile queries no source
    const markdown: Config = { displayType: "markdown", markdown: "# Hi", sourceId: "s" };
    expectTypeOf([rawLine, hidden, having, markdown]).toBeArray();
    type Search = import("../../provider/index").StackSavedSearchArgs;
    const condition: Search = { sourceId: "s", filters: [{ type: "sql", condition: "ServiceName IN ('a')" }] };
    // @ts-expect-error a filter's `type` is a tag (`sql_ast` names the other shape): written as itself
    const hiddenType: Search = { sourceId: "s", filters: [{ type: pulumi.output("sql" as const), condition: "ServiceName IN ('a')" }] };
    expectTypeOf([condition, hiddenType]).toBeArray();
  });

  it("settings are typed from their schema", () => {
    expectTypeOf<Settings["maxRetries"]>().toEqualTypeOf<number>();
    expectTypeOf<Settings["apiUrl"]>().toEqualTypeOf<string | undefined>();
  });

  it("ReversePrivateEndpointArgs: the type is the API's enum, the DNS mappings take Outputs", () => {
    const name: pulumi.Output<string> = pulumi.output("*.kafka.internal");
    const args: ReversePrivateEndpointArgs = {
      type: "VPC_ENDPOINT_SERVICE",
      vpcEndpointServiceName: "svc",
      customPrivateDnsMappings: [{ privateDnsName: name }],
    };
    // @ts-expect-error not an endpoint type
    const wrong: ReversePrivateEndpointArgs = { type: "VPN" };
    // @ts-expect-error mskAuthentication is SASL_IAM or SASL_SCRAM
    const auth: ReversePrivateEndpointArgs = { type: "MSK_MULTI_VPC", mskAuthentication: "PLAIN" };
    expectTypeOf([args, wrong, auth]).toBeArray();
  });
});

describe("isInstance, one generic static of the classes' base", () => {
  it("narrows to exactly the class it is called on, for each class", () => {
    const x: unknown = { __pulumiType: Pipe.__pulumiType };
    if (Pipe.isInstance(x)) expectTypeOf(x).toEqualTypeOf<Pipe>();
    if (ReversePrivateEndpoint.isInstance(x)) expectTypeOf(x).toEqualTypeOf<ReversePrivateEndpoint>();
    if (StackAlert.isInstance(x)) expectTypeOf(x).toEqualTypeOf<StackAlert>();
    if (StackDashboard.isInstance(x)) expectTypeOf(x).toEqualTypeOf<StackDashboard>();
    if (StackSavedSearch.isInstance(x)) expectTypeOf(x).toEqualTypeOf<StackSavedSearch>();
    if (StackWebhook.isInstance(x)) expectTypeOf(x).toEqualTypeOf<StackWebhook>();
  });
});
