// The benchmark program of `npm run bench` (scripts/bench.js): `count` resources of one kind, each
// with its own name (and, for pipes, consumer group and table), so they can all be created in
// parallel. `kind` says which:
// - `pipe`: Kafka pipes (the package's `Pipe` class on the dynamic face);
// - `noop`: as many no-op dynamic resources: an inline provider whose `create` returns at once,
//   with the same inputs minus the credentials. That is the engine's own floor for N dynamic
//   resources (same CLI, backend and parallelism), the baseline of the floor ratios;
// - `native`: `pipestack:index:Pipe` of the native plugin, with the same inputs as `pipe`;
// - `native-noop`: the native face's floor, as many resources of the bench's no-op plugin
//   (bench/noop-plugin) with the inputs of `noop`;
// - `endpoint`, `dashboard`, `alert`, `savedSearch`, `webhook`: the other kinds (bench/lib/kinds.js); an
//   alert is a tile alert on one dashboard of `count` tiles (its base, declared with it; with
//   `baseOnly` the base alone).
// `face` (`dynamic` or `native`) says which face declares the other kinds; `variant` above 0
// changes every resource in place (the bench's update); `logSourceId` is the stack's log source.
import * as pulumi from "@pulumi/pulumi";
import { Pipe, ReversePrivateEndpoint, StackAlert, StackDashboard, StackSavedSearch, StackWebhook } from "pulumi-pipestack";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const kind = config.get("kind") ?? "pipe";
const face = config.get("face") ?? "dynamic";
const variant = config.getNumber("variant") ?? 0;
const baseOnly = config.getBoolean("baseOnly") ?? false;
const logSourceId = config.get("logSourceId") ?? "";
const webhookId = config.get("webhookId") ?? "";
const columns = [
  { name: "id", type: "String" },
  { name: "ts", type: "DateTime" },
  { name: "value", type: "Float64" },
];

const kafka = (i: number) => ({
  format: "JSONEachRow" as const,
  brokers: "broker-1.example.test:9092",
  topics: "events",
  consumerGroup: `bench-${i}`,
  authentication: "PLAIN" as const,
});
const destination = (i: number) => ({ database: "default", table: `bench_${i}`, managedTable: true, columns });
const fieldMappings = columns.map((c) => ({ sourceField: c.name, destinationField: c.name }));

/** The floor: a dynamic provider that does nothing (no check, no diff: the engine compares inputs). */
const noop: pulumi.dynamic.ResourceProvider = {
  async create(inputs: Record<string, unknown>) {
    return { id: String(inputs.name), outs: inputs };
  },
};

class Noop extends pulumi.dynamic.Resource {
  constructor(name: string, args: Record<string, pulumi.Input<unknown>>) {
    super(noop, name, args, {}, "bench", "Noop");
  }
}

/** A resource of a native plugin by its type token (no SDK is generated for Node programs). */
class Native extends pulumi.CustomResource {
  constructor(type: string, name: string, args: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(type, name, args, opts);
  }
}

// The classic pipe of the bench has no scaling; the update sets replicas on every pipe (and every
// no-op resource of the floors).
const pipeArgs = (i: number) => ({
  source: { kafka: { ...kafka(i), credentials: { username: "ingest", password: "bench-password" } } },
  destination: destination(i),
  fieldMappings,
  ...(variant > 0 ? { scaling: { replicas: 1 + variant } } : {}),
});
const noopArgs = (i: number) => ({
  name: `bench-${i}`,
  source: { kafka: kafka(i) },
  destination: destination(i),
  fieldMappings,
  ...(variant > 0 ? { scaling: { replicas: 1 + variant } } : {}),
});
const endpointArgs = (i: number) => ({
  description: `bench-${i}`,
  type: "VPC_ENDPOINT_SERVICE" as const,
  vpcEndpointServiceName: `com.example.vpce.region-1.vpce-svc-${String(i).padStart(17, "0")}`,
  customPrivateDnsMappings: [{ privateDnsName: `*.v${variant}.bench-${i}.internal` }],
});
const tile = (name: string, x: number, y: number) => ({
  name,
  x,
  y,
  w: 12,
  h: 4,
  config: { displayType: "line" as const, sourceId: logSourceId, select: [{ aggFn: "count" as const, where: "level:error" }] },
});
const dashboardArgs = (i: number) => ({ name: `bench-${i}${variant > 0 ? `-v${variant}` : ""}`, tiles: [tile("Errors", 0, 0)] });
const boardArgs = () => ({ name: "bench-alerts", tiles: Array.from({ length: count }, (_, i) => tile(`tile-${i}`, (i % 2) * 12, Math.floor(i / 2) * 4)) });
const alertArgs = (i: number, dashboardId: pulumi.Input<string>) => ({
  name: `bench-${i}`,
  source: "tile" as const,
  dashboardId,
  tile: `tile-${i}`,
  threshold: 10 + variant,
  thresholdType: "above" as const,
  interval: "5m" as const,
  channel: { type: "webhook" as const, webhookId },
});
const savedSearchArgs = (i: number) => ({
  name: `bench-${i}`,
  sourceId: logSourceId,
  where: `level:error${variant > 0 ? ` v${variant}` : ""}`,
  select: "Timestamp, Body",
});
// A header token, as a pager's webhook carries one (write-only: the server never answers it).
const webhookArgs = (i: number) => ({
  name: `bench-${i}`,
  url: `https://hooks.example.com/bench-${i}`,
  headers: { Authorization: "Bearer bench-hook-token" },
  ...(variant > 0 ? { description: `variant ${variant}` } : {}),
});

const native = face === "native";
const declare: Record<string, (i: number) => pulumi.Resource> = {
  pipe: (i) => (native ? new Native("pipestack:index:Pipe", `bench-${i}`, pipeArgs(i)) : new Pipe(`bench-${i}`, pipeArgs(i))),
  noop: (i) => new Noop(`bench-${i}`, noopArgs(i)),
  native: (i) => new Native("pipestack:index:Pipe", `bench-${i}`, pipeArgs(i)),
  "native-noop": (i) => new Native("benchnoop:index:Noop", `bench-${i}`, noopArgs(i)),
  endpoint: (i) =>
    native ? new Native("pipestack:index:ReversePrivateEndpoint", `bench-${i}`, endpointArgs(i)) : new ReversePrivateEndpoint(`bench-${i}`, endpointArgs(i)),
  dashboard: (i) =>
    native ? new Native("pipestack:index:StackDashboard", `bench-${i}`, dashboardArgs(i)) : new StackDashboard(`bench-${i}`, dashboardArgs(i)),
  savedSearch: (i) =>
    native ? new Native("pipestack:index:StackSavedSearch", `bench-${i}`, savedSearchArgs(i)) : new StackSavedSearch(`bench-${i}`, savedSearchArgs(i)),
  webhook: (i) => (native ? new Native("pipestack:index:StackWebhook", `bench-${i}`, webhookArgs(i)) : new StackWebhook(`bench-${i}`, webhookArgs(i))),
};

// An alert's base: one dashboard with a tile per alert, declared in the same program.
let board: pulumi.CustomResource | undefined;
if (kind === "alert") {
  board = native ? new Native("pipestack:index:StackDashboard", "bench-board", boardArgs()) : new StackDashboard("bench-board", boardArgs());
  const id = board.id;
  declare.alert = (i) => (native ? new Native("pipestack:index:StackAlert", `bench-${i}`, alertArgs(i, id)) : new StackAlert(`bench-${i}`, alertArgs(i, id)));
}
const make = declare[kind];
if (!make) throw new Error(`config kind must be one of ${Object.keys(declare).join(", ")}, alert; got ${kind}`);
const resources: pulumi.Resource[] = [];
if (!baseOnly) for (let i = 0; i < count; i++) resources.push(make(i));

export const resourceCount = resources.length;
