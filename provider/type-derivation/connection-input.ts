import type * as pulumi from "@pulumi/pulumi";
import type { ArgsOf } from "../resource-class/inputs";
import type { Connection } from "../schemas/connection";

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
