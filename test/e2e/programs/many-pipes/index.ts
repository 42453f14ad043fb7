// End-to-end test program (test/e2e/interrupted-up.test.ts): `count` independent kafka pipes,
// `crash-00`, `crash-01`, ..., each into its own table, so an `up` of them can be killed mid-way.
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const password = config.requireSecret("kafkaPassword");
const columns = [{ name: "id", type: "String" }];

for (let i = 0; i < count; i++) {
  const name = `crash-${String(i).padStart(2, "0")}`;
  new Pipe(name, {
    source: {
      kafka: {
        format: "JSONEachRow",
        brokers: "broker-1.example.test:9092",
        topics: name,
        authentication: "PLAIN",
        credentials: { username: "e2e", password },
      },
    },
    destination: { database: "default", table: name.replace(/-/g, "_"), managedTable: true, columns },
    fieldMappings: [{ sourceField: "id", destinationField: "id" }],
  });
}
