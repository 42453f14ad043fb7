import type { DiffSpec } from "../../engine/field-diff";
import { connectionServerOutputs, stackConnectionPolicy } from "./policy";

const orDefault = (fallback: unknown) => (v: unknown) => (v === undefined || v === null || v === "" ? fallback : v);

/**
 * How a connection is diffed: by its policy, with the server's empty forms (no prefix, the
 * switch off) equal to a field left out. The password is compared with the outputs, which carry
 * the last inputs (the server never answers it). A field the policy does not name needs a new
 * connection.
 */
export const connectionDiff: DiffSpec = {
  fields: stackConnectionPolicy,
  outputsOnly: ["id", ...connectionServerOutputs],
  unlisted: "replace",
  normalise: { settingPrefix: orDefault(undefined), metricsEndpoint: orDefault(false) },
};
