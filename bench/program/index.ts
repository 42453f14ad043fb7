// The benchmark program of `npm run bench` (scripts/bench.js): `count` Kafka pipes, each with its
// own name, consumer group and table, so they can all be created in parallel. `kind` says which:
// - `pipe`: the package's `Pipe` class (the dynamic face);
// - `noop`: as many no-op dynamic resources: an inline provider whose `create` returns at once,
//   with the same inputs minus the credentials. That is the engine's own floor for N dynamic
//   resources (same CLI, backend and parallelism), the baseline of the floor ratios;
// - `native`: `pipestack:index:Pipe` of the native plugin, with the same inputs as `pipe`;
// - `native-noop`: the native face's floor, as many resources of the bench's no-op plugin
//   (bench/noop-plugin) with the inputs of `noop`.
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const kind = config.get("kind") ?? "pipe";
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
  constructor(type: string, name: string, args: pulumi.Inputs) {
    super(type, name, args);
  }
}

const pipeArgs = (i: number) => ({
  source: { kafka: { ...kafka(i), credentials: { username: "ingest", password: "bench-password" } } },
  destination: destination(i),
  fieldMappings,
});
const noopArgs = (i: number) => ({ name: `bench-${i}`, source: { kafka: kafka(i) }, destination: destination(i), fieldMappings });

const declare: Record<string, (i: number) => pulumi.Resource> = {
  pipe: (i) => new Pipe(`bench-${i}`, pipeArgs(i)),
  noop: (i) => new Noop(`bench-${i}`, noopArgs(i)),
  native: (i) => new Native("pipestack:index:Pipe", `bench-${i}`, pipeArgs(i)),
  "native-noop": (i) => new Native("benchnoop:index:Noop", `bench-${i}`, noopArgs(i)),
};
const make = declare[kind];
if (!make) throw new Error(`config kind must be one of ${Object.keys(declare).join(", ")}, got ${kind}`);
const resources: pulumi.Resource[] = [];
for (let i = 0; i < count; i++) resources.push(make(i));

export const resourceCount = resources.length;
