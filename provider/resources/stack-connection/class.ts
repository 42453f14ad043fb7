import type * as pulumi from "@pulumi/pulumi";
import { DeclaredResource } from "../../resource-class/declared-resource";
import type { StackConnectionArgs, StackConnectionOutputs } from "../../public-types/generated";
import { declaration } from "./declaration";
import { dynamicTypeToken } from "../../resource-class/type-tokens";

export type { StackConnectionArgs };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the outputs, generated from the declaration
export interface StackConnection extends StackConnectionOutputs {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its outputs are the interface above
export class StackConnection extends DeclaredResource {
  /** The type token, `pulumi-nodejs:dynamic/pipestack:StackConnection`: what policy packs match on. */
  static readonly __pulumiType = dynamicTypeToken(declaration.type);

  constructor(name: string, args: StackConnectionArgs, opts?: pulumi.CustomResourceOptions) {
    super(declaration, name, args, opts);
  }
}
