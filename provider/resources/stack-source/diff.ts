import type { DiffSpec } from "../../engine/field-diff";
import { sourceServerOutputs, stackSourcePolicy } from "./policy";

const orDefault = (fallback: unknown) => (v: unknown) => (v === undefined || v === null ? fallback : v);

/**
 * How a source is diffed: by its policy, with what the server fills in (a trace source's
 * precision 3, `disabled: false`) equal to a field left out. A link left out is the server's (`serverDefault`), so a link
 * set by the other source (`linkBack`) is no change. A field the policy does not name needs a
 * new source.
 */
export const sourceDiff: DiffSpec = {
  fields: stackSourcePolicy,
  outputsOnly: ["id", ...sourceServerOutputs],
  unlisted: "replace",
  normalise: { durationPrecision: orDefault(3), disabled: orDefault(false) },
};
