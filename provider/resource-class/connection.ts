import * as pulumi from "@pulumi/pulumi";
import type { Connection } from "../schemas/connection";
import type { ArgsOf } from "./inputs";

/** A {@link Connection} as arguments take it: each field may be an Input (a secret from config). */
export type ConnectionArgs = ArgsOf<Connection>;

/** The argument every resource and function takes to reach another account than the stack config names. */
export interface ConnectionInput {
  /**
   * Where and as whom to reach the service for this resource alone: `apiUrl`, `keyId`,
   * `keySecret`, `organizationId`, `serviceId`, `stackUrl`, `stackToken`. A field left out
   * comes from stack config `pipestack:*`, then `PIPESTACK_*`. Kept as a secret in state.
   * Changing keys updates in place; a connection naming another organization or service moves
   * the object (a replacement). See "Several accounts in one program" in the README.
   * @default the stack config
   */
  connection?: pulumi.Input<ConnectionArgs>;
}

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
