import type { ComputedOutputs } from "../../schemas/field-policy";
import type { StackAlertInput } from "./schema";
import type { alertComputed } from "./policy";

/** An alert's properties as the engine holds them: the program's spec and the serialized provider. */
export type AlertInputs = StackAlertInput & { __provider?: string };

/** An alert's outputs: its inputs as the server reads them back, and the server's own fields. */
export type AlertOutputs = AlertInputs & ComputedOutputs<typeof alertComputed>;
