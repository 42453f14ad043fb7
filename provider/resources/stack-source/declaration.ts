import type { SpecFor } from "../../resource-class/register";
import type { StackSourceArgs } from "../../public-types/derived";
import { sourceComputed, stackSourcePolicy } from "./policy";

/** The source's declaration, from its policy. Apart from the class, so the native plugin
 * loads it without the Pulumi SDK. */
export const declaration = {
  type: "StackSource",
  engine: "stack-source",
  named: true,
  policy: stackSourcePolicy,
  computed: sourceComputed,
} as const satisfies SpecFor<StackSourceArgs>;
