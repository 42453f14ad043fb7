// End-to-end test program (test/e2e/plain-secrets.test.ts): two pipes, one with its Kafka
// password written in the program as a plain string, one with it read from secret config
// (`requireSecret`), so the test can search `up --json` and `preview --debug` for both.
import * as pulumi from "@pulumi/pulumi";
import { Pipe, type PipeArgs } from "pulumi-pipestack";

const config = new pulumi.Config();

function pipe(name: string, password: pulumi.Input<string>): PipeArgs {
  return {
    name,
    source: {
      kafka: {
        format: "JSONEachRow",
        brokers: "broker-1:9092",
        topics: name,
        authentication: "PLAIN",
        credentials: { username: "ingest", password },
        schemaRegistry: { url: "https://registry.example.com", authentication: "PLAIN", credentials: { username: "reg", password } },
      },
    },
    destination: { database: "default", table: `${name}_events`, managedTable: true, columns: [{ name: "id", type: "String" }] },
    fieldMappings: [{ sourceField: "id", destinationField: "id" }],
  };
}

export const plainId = new Pipe("plain", pipe("plain", "plain-kafka-password-3391")).id;
export const configId = new Pipe("from-config", pipe("from_config", config.requireSecret("kafkaPassword"))).id;
