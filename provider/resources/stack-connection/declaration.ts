import type { SpecFor } from "../../resource-class/register";
import type { StackConnectionArgs } from "../../public-types/derived";
import { connectionComputed, stackConnectionPolicy } from "./policy";

/** The connection's declaration, from its policy. Apart from the class, so the native plugin
 * loads it without the Pulumi SDK. */
export const declaration = {
  type: "StackConnection",
  engine: "stack-connection",
  named: true,
  policy: stackConnectionPolicy,
  computed: connectionComputed,
} as const satisfies SpecFor<StackConnectionArgs>;
