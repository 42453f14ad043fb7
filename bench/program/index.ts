// The benchmark program of `npm run bench` (scripts/bench.js): `count` Kafka pipes, each with its
// own name, consumer group and table, so they can all be created in parallel. With `kind` set to
// `noop` it declares as many no-op dynamic resources instead: an inline provider whose `create`
// returns at once, with the same inputs minus the credentials. That is the engine's own floor for
// N dynamic resources (same CLI, backend and parallelism), the baseline of the floor ratios.
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

const resources: pulumi.Resource[] = [];
for (let i = 0; i < count; i++) {
  if (kind === "noop") {
    resources.push(new Noop(`bench-${i}`, { name: `bench-${i}`, source: { kafka: kafka(i) }, destination: destination(i), fieldMappings }));
    continue;
  }
  resources.push(
    new Pipe(`bench-${i}`, {
      source: { kafka: { ...kafka(i), credentials: { username: "ingest", password: "bench-password" } } },
      destination: destination(i),
      fieldMappings,
    }),
  );
}

export const resourceCount = resources.length;
