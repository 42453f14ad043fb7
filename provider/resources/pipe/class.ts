import type * as pulumi from "@pulumi/pulumi";
import { DeclaredResource } from "../../resource-class/declared-resource";
import type { PipeArgs, PipeOutputs, PipeSourceSecrets } from "../../public-types/generated";
import { declaration } from "./declaration";
import { dynamicTypeToken } from "../../resource-class/type-tokens";

export type { PipeArgs };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the outputs, generated from the declaration
export interface Pipe extends PipeOutputs {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its outputs are the interface above
export class Pipe extends DeclaredResource {
  /**
   * The type token, `pulumi-nodejs:dynamic/pipestack:Pipe`: what policy packs match on
   * (`validateResourceOfType(Pipe, ...)` of the policy SDK reads it).
   */
  static readonly __pulumiType = dynamicTypeToken(declaration.type);

  /** Secret material of the source (secret). */
  declare readonly sourceSecrets: pulumi.Output<PipeSourceSecrets>;

  constructor(name: string, args: PipeArgs, opts?: pulumi.CustomResourceOptions) {
    super(declaration, name, args, opts);
  }
}
