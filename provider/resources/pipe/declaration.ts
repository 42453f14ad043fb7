import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { pipeSpecShape } from "./schema";
import { pipeComputed, pipePolicy } from "./policy";

/** The Pipe's declaration: its policy; credentials travel apart, in `sourceSecrets`. Apart from the class, so the native plugin
 * loads it without the Pulumi SDK. */
export const declaration = {
  type: "Pipe",
  engine: "pipe",
  named: true,
  policy: pipePolicy,
  computed: pipeComputed,
  secretsApart: { field: "source", into: "sourceSecrets" },
} as const satisfies SpecFor<SchemaInput<typeof pipeSpecShape>>;
