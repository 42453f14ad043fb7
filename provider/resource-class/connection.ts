import * as pulumi from "@pulumi/pulumi";
import type { ConnectionArgs, ConnectionInput } from "../public-types/generated";

// Both generated from the connection schema (provider/type-derivation/derived.ts).
export type { ConnectionArgs, ConnectionInput };

/**
 * The `connection` property of a resource: one secret as a whole, so the engine encrypts it in
 * state, in the inputs and in the outputs (which carry it for refresh and destroy). It is an
 * input like any other, never a field of the serialized provider.
 */
export function connectionInput(args: ConnectionInput): pulumi.Output<ConnectionArgs> | undefined {
  return args.connection === undefined ? undefined : pulumi.secret(args.connection);
}

/** Resource options with `connection` among the secret outputs, when the resource has one. */
export function connectionOptions<O extends pulumi.CustomResourceOptions>(args: ConnectionInput, opts: O | undefined): O | undefined {
  if (args.connection === undefined) return opts;
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "connection"] } as O;
}
