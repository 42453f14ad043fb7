// The benchmark program of `npm run bench` (scripts/bench.js): `count` Kafka pipes, each with its
// own name, consumer group and table, so they can all be created in parallel.
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const columns = [
  { name: "id", type: "String" },
  { name: "ts", type: "DateTime" },
  { name: "value", type: "Float64" },
];

const pipes: Pipe[] = [];
for (let i = 0; i < count; i++) {
  pipes.push(
    new Pipe(`bench-${i}`, {
      source: {
        kafka: {
          format: "JSONEachRow",
          brokers: "broker-1.example.test:9092",
          topics: "events",
          consumerGroup: `bench-${i}`,
          authentication: "PLAIN",
          credentials: { username: "ingest", password: "bench-password" },
        },
      },
      destination: { database: "default", table: `bench_${i}`, managedTable: true, columns },
      fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
    }),
  );
}

export const pipeCount = pipes.length;
