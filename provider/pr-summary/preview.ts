/**
 * What `pulumi preview --json` prints, as far as the summary reads it: the steps, the counts and
 * the diagnostics. Everything else the engine writes is let through untouched. Pure.
 */
import { z } from "zod";
import { InvalidArgumentError } from "../errors/operation-errors";

const stateSchema = z
  .object({
    type: z.string().optional(),
    id: z.string().optional(),
    inputs: z.record(z.unknown()).optional(),
    outputs: z.record(z.unknown()).optional(),
  })
  .passthrough();

/** One step of the engine's plan. `detailedDiff` is null for dynamic providers, a map for native ones. */
const stepSchema = z
  .object({
    op: z.string(),
    urn: z.string(),
    oldState: stateSchema.optional(),
    newState: stateSchema.optional(),
    diffReasons: z.array(z.string()).optional(),
    replaceReasons: z.array(z.string()).optional(),
    detailedDiff: z
      .record(z.object({ kind: z.string(), inputDiff: z.boolean().optional() }).passthrough())
      .nullable()
      .optional(),
  })
  .passthrough();

const previewSchema = z
  .object({
    steps: z.array(stepSchema).optional().default([]),
    changeSummary: z.record(z.number()).optional().default({}),
    diagnostics: z
      .array(
        z.object({ urn: z.string().optional(), message: z.string().optional().default(""), severity: z.string().optional().default("info") }).passthrough(),
      )
      .optional()
      .default([]),
  })
  .passthrough();

export type PreviewState = z.output<typeof stateSchema>;
export type PreviewStep = z.output<typeof stepSchema>;
export type Preview = z.output<typeof previewSchema>;

/**
 * Reads the text `pulumi preview --json` printed. Throws an error naming what is wrong (not JSON,
 * or not a preview) without quoting the input, which may hold values of the stack.
 */
export function parsePreview(text: string): Preview {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InvalidArgumentError("the input is not JSON: pipe in what `pulumi preview --json` prints");
  }
  const parsed = previewSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`).join("; ");
    throw new InvalidArgumentError(`the input is not the output of \`pulumi preview --json\` (${where})`);
  }
  return parsed.data;
}

/** `urn:pulumi:<stack>::<project>::<type>::<name>`: the resource's name and type token. */
export function urnParts(urn: string): { name: string; type: string } {
  const parts = urn.split("::");
  const name = parts.slice(3).join("::") || urn;
  const qualified = parts[2] ?? "";
  return { name, type: qualified.split("$").pop() ?? qualified };
}
