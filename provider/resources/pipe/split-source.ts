import type * as pulumi from "@pulumi/pulumi";
import { splitSecretsInput } from "../../resource-class/split-secrets";
import type { Obj } from "../../schemas/plain-object";
import { secretLocations, type PipeSourceSecrets } from "./secrets";

/**
 * Splits a pipe source into its readable part and its secret material (credentials, access
 * keys, connection strings), where the pipe policy locates them (see {@link splitSecretsInput}).
 */
export function splitSourceInput(source: unknown): { source: pulumi.Input<Obj> | undefined; secrets: pulumi.Output<PipeSourceSecrets> } {
  const split = splitSecretsInput(source, Object.entries(secretLocations));
  return { source: split.rest, secrets: split.secrets };
}
