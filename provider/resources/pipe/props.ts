import type { ComputedOutputs } from "../../schemas/field-policy";
import type { PipeSpecInput } from "./schema";
import type { pipeComputed, PipeSourceSecrets } from "./policy";

/**
 * A pipe's properties as the engine holds them: the program's spec with its secret material in
 * `sourceSecrets` (see `pipe-secrets.ts`), plus the serialized provider the engine adds.
 * During a preview any value may still be the engine's unknown placeholder.
 */
export type PipeInputs = PipeSpecInput & {
  sourceSecrets?: PipeSourceSecrets;
  __provider?: string;
};

/** A pipe's outputs: its inputs as the API reads them back, and the server's own fields. */
export type PipeOutputs = PipeInputs & ComputedOutputs<typeof pipeComputed>;
