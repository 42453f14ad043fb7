import type { DiffSpec } from "../../engine/field-diff";
import { sourceServerOutputs, stackSourcePolicy } from "./policy";

const orDefault = (fallback: unknown) => (v: unknown) => (v === undefined || v === null ? fallback : v);

/**
 * How a source is diffed: by its policy, with the precision the server fills in for a trace
 * source (3) equal to one left out. A link left out is the server's (`serverDefault`), so a link
 * set by the other source (`linkBack`) is no change. A field the policy does not name needs a
 * new source.
 */
export const sourceDiff: DiffSpec = {
  fields: stackSourcePolicy,
  outputsOnly: ["id", ...sourceServerOutputs],
  unlisted: "replace",
  normalise: { durationPrecision: orDefault(3) },
};
