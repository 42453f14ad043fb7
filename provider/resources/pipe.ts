import * as pulumi from "@pulumi/pulumi";
import type { Destination, FieldMapping, PipeSettings, pipeSpecShape, Scaling } from "../schemas/pipe";
import type { PipeSource, pipeSource } from "../schemas/pipe-source";
import { pipePolicy, pipeServerOutputs, type PipeSourceSecrets } from "../schemas/pipe-policy";
import type { ArgsOf, DeepInput } from "./inputs";
import type { SchemaInput } from "./schema-input";
import { shim } from "./shim";
import { hasTypeToken, RESOURCE_MODULE, typeTokens } from "./type-tokens";
import type { ConnectionInput } from "./connection";
import { registeredOptions, registeredProps, type ClassSpec } from "./register";

/**
 * Arguments of a {@link Pipe}: the create body of the API (`source` with exactly one source
 * kind; `destination`; `fieldMappings`; `scaling`;
 * `settings`), plus where it lives and how long to wait for it.
 */
export interface PipeArgs extends ArgsOf<Omit<SchemaInput<typeof pipeSpecShape>, "name" | "source">>, ConnectionInput {
  /**
   * Where the pipe reads: exactly one of `kafka`, `objectStorage`, `kinesis`, `pubsub`, `postgres`, `mysql`, `mongodb`, `bigquery`.
   * Credentials in it are kept as secrets.
   */
  // Named apart: in the published .d.ts the spec's copy of the source shape has lost its field
  // docs, the source schema's own declaration keeps them.
  source: DeepInput<SchemaInput<typeof pipeSource>>;
  /** Pipe name, 1-255 characters. @default the resource name */
  name?: pulumi.Input<string>;
  /**
   * Adopt the existing pipe with this id instead of creating one. It must exist and may differ
   * from the program only in fields that change in place (those are applied).
   */
  adoptId?: pulumi.Input<string>;
}

/** The Pipe's registration, from the pipe policy: credentials travel apart, in `sourceSecrets`. */
const spec = { policy: pipePolicy, serverOutputs: pipeServerOutputs, secretsApart: { field: "source", into: "sourceSecrets" } } satisfies ClassSpec;

/**
 * A pipe: continuous or one-off ingestion from a Kafka-style stream, object storage, a
 * Kinesis-style stream or Postgres into a destination table.
 *
 * Credentials (`credentials`, `accessKey`, `connectionString`, `serviceAccountKey`, schema-registry credentials) are
 * stored as Pulumi secrets even when passed as plain strings, in `sourceSecrets`; the rest of
 * `source` stays readable in previews.
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
export class Pipe extends pulumi.dynamic.Resource {
  /**
   * The type token, `pulumi-nodejs:dynamic/pipestack:Pipe`: what policy packs match on
   * (`validateResourceOfType(Pipe, ...)` of the policy SDK reads it).
   */
  static readonly __pulumiType = typeTokens.Pipe;

  /** True when `obj` is a Pipe, also one made by another copy of this package. */
  static override isInstance(obj: unknown): obj is Pipe {
    return hasTypeToken(obj, Pipe.__pulumiType);
  }

  /** The pipe's name. */
  declare readonly name: pulumi.Output<string>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly serviceId: pulumi.Output<string>;
  /** `Provisioning`, `Running`, `Completed`, `Failed`, ... as the API reports it. */
  declare readonly state: pulumi.Output<string>;
  /** The API's reason for a failed state, when it gives one. */
  declare readonly stateReason: pulumi.Output<string | undefined>;
  /** The source as the API returns it, without secret material. */
  declare readonly source: pulumi.Output<PipeSource>;
  /** Secret material of the source (secret). */
  declare readonly sourceSecrets: pulumi.Output<PipeSourceSecrets>;
  declare readonly destination: pulumi.Output<Destination>;
  declare readonly fieldMappings: pulumi.Output<FieldMapping[]>;
  declare readonly scaling: pulumi.Output<Scaling | undefined>;
  declare readonly settings: pulumi.Output<PipeSettings>;
  /** Whether the pipe is stopped or paused (or `Failed`), read back from its state when the program sets `stopped`. */
  declare readonly stopped: pulumi.Output<boolean | undefined>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: PipeArgs, opts?: pulumi.CustomResourceOptions) {
    super(shim("pipe"), name, registeredProps(spec, args, { name }), registeredOptions(spec, args, opts), RESOURCE_MODULE, "Pipe");
  }
}
