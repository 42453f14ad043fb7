import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { endpointSpecShape } from "./schema";
import { endpointComputed, endpointPolicy } from "./policy";

/** The endpoint's declaration, from its policy. Apart from the class, so the native plugin
 * loads it without the Pulumi SDK. */
export const declaration = {
  type: "ReversePrivateEndpoint",
  engine: "reverse-private-endpoint",
  policy: endpointPolicy,
  computed: endpointComputed,
} as const satisfies SpecFor<SchemaInput<typeof endpointSpecShape>>;
