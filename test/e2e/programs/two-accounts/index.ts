// End-to-end test program (test/e2e/two-accounts.test.ts): a pipe in each of two accounts and a
// dashboard in the second, every resource with its own connection and no `pipestack:*` config.
import * as pulumi from "@pulumi/pulumi";
import { Pipe, StackDashboard, type Connection } from "pulumi-pipestack";

const config = new pulumi.Config();
// Each account as one secret object: { apiUrl, keyId, keySecret, organizationId, serviceId }.
const accounts: Record<string, pulumi.Output<Connection>> = {
  a: config.requireSecretObject<Connection>("accountA"),
  b: config.requireSecretObject<Connection>("accountB"),
};
const columns = [{ name: "id", type: "String" }];

for (const [account, connection] of Object.entries(accounts)) {
  new Pipe(`events-${account}`, {
    connection,
    source: {
      kafka: {
        format: "JSONEachRow",
        brokers: "broker-1.example.test:9092",
        topics: "events",
        authentication: "PLAIN",
        credentials: { username: "e2e", password: "kafka-password-e2e-two-accounts" },
      },
    },
    destination: { database: "default", table: `events_${account}`, managedTable: true, columns },
    fieldMappings: [{ sourceField: "id", destinationField: "id" }],
  });
}

new StackDashboard("board-b", {
  connection: accounts.b,
  tiles: [{ name: "Errors", x: 0, y: 0, w: 6, h: 3, series: [{ type: "time", dataSource: "events", aggFn: "count" }] }],
});
