import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { pipeSpecShape } from "./schema";
import { pipeComputed, pipePolicy } from "./policy";

// The Pipe's declaration: its policy; credentials travel apart, in `sourceSecrets`. Apart from the
// class, so the native plugin loads it without the Pulumi SDK.
// Its doc comment is the class's: scripts/classes.js writes the class (provider/classes.ts) from it.
/**
 * A pipe: continuous or one-off ingestion into a destination table from one source: a stream
 * (`kafka`, `kinesis`, `pubsub`), object storage (`objectStorage`), a database's change stream
 * (`postgres`, `mysql`, `mongodb`) or the warehouse (`bigquery`).
 *
 * Credentials (`credentials`, `accessKey`, `connectionString`, `serviceAccountKey`, schema-registry credentials) are
 * stored as Pulumi secrets even when passed as plain strings, in `sourceSecrets`; the rest of
 * `source` stays readable in previews. The API never returns the write-only ones, so for an
 * existing pipe (imported or adopted) they are the server's until the program sets them: left
 * out, an update keeps them; only a create or a replacement requires them.
 *
 * @example
 * const pipe = new Pipe("events", {
 *   source: { kafka: { brokers: "broker-1:9092", topics: "events", authentication: "PLAIN",
 *     credentials: { username: "ingest", password: cfg.requireSecret("kafkaPassword") } } },
 *   destination: { database: "default", table: "events", managedTable: true,
 *     columns: [{ name: "id", type: "String" }] },
 *   fieldMappings: [{ sourceField: "id", destinationField: "id" }],
 * });
 */
export const declaration = {
  type: "Pipe",
  engine: "pipe",
  named: true,
  policy: pipePolicy,
  computed: pipeComputed,
  secretsApart: { field: "source", into: "sourceSecrets" },
} as const satisfies SpecFor<SchemaInput<typeof pipeSpecShape>>;
