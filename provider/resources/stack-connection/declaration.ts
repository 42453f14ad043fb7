import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackConnectionSpec } from "./schema";
import { connectionComputed, stackConnectionPolicy } from "./policy";

// The connection's declaration, from its policy. Apart from the class, so the native plugin loads it
// without the Pulumi SDK.
// Its doc comment is the class's: scripts/classes.js writes the class (provider/classes.ts) from it.
/**
 * A connection of the observability stack (current servers, API 2.36 and later), on the cloud
 * proxy of a service or on an open-source stack server: the database endpoint, user and password
 * its sources read through (`new StackSource(..., { connectionId: db.id })`). Every field updates
 * in place (one PUT); moving it to another stack creates a new one. `password` is secret and
 * write-only: the server never returns it, so state keeps it encrypted, the outputs hold only its
 * fingerprint, and a change made outside the program cannot be seen; left out, it is the
 * server's. Rotating it is one in-place update of the connection alone. The server does not
 * refuse to delete a connection that sources still name: they keep an id that names nothing.
 *
 * @example
 * const db = new StackConnection("analytics-db", {
 *   host: "https://db.example.com:8443",
 *   username: "stack_reader",
 *   password: config.requireSecret("dbPassword"),
 * });
 */
export const declaration = {
  type: "StackConnection",
  engine: "stack-connection",
  named: true,
  policy: stackConnectionPolicy,
  computed: connectionComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackConnectionSpec>>;
