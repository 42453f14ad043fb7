import { computedKeys, writeOnlySecret, type ComputedFields, type FieldPolicy, type ComputedOutputs } from "../../schemas/field-policy";
import type { StackConnectionInput } from "./schema";
import { put, stackObjectPolicy, type StackPatch } from "../../schemas/stack-target";
import { serverStamps } from "../../schemas/server-stamps";

/**
 * Every field of a connection and its life cycle: the PUT sets each field it carries, so each
 * changes in place, the password alone too; only a move to another stack needs a new connection.
 * Two fields travel under the server's names (`answerKey`), which carry a product name.
 */
export const stackConnectionPolicy = {
  name: { ...put, filled: true },
  host: put,
  username: put,
  password: writeOnlySecret(put, "password"),
  settingPrefix: { ...put, answerKey: "hyperdxSettingPrefix" },
  metricsEndpoint: { ...put, answerKey: "isPrometheusEndpoint" },
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackConnectionInput, StackPatch>;

/** Outputs of the server's own: read from every answer, never the program's to compare. */
export const connectionComputed = {
  ...serverStamps,
} satisfies ComputedFields;

export const connectionServerOutputs = computedKeys(connectionComputed);

/** A connection's properties as the engine holds them: the program's spec and the serialized provider. */
export type ConnectionInputs = StackConnectionInput & { __provider?: string };

/** A connection's outputs: its inputs as the server reads them back (the password carried), and the server's own fields. */
export type ConnectionOutputs = ConnectionInputs & ComputedOutputs<typeof connectionComputed>;
