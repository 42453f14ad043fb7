/**
 * The pull-request summary of a preview: `pulumi preview --json` in, a short markdown comment
 * out. The command `pipestack-pr-summary` (bin.ts) is this function on standard input.
 */
import { renderMarkdown, type RenderOptions } from "./markdown";
import { parsePreview } from "./preview";
import { summarize } from "./summary";

export type { RenderOptions } from "./markdown";
export type { Drift, FieldChangeRow, ResourceChange, ResourceWarning, Summary } from "./summary";
export { parsePreview, summarize, renderMarkdown };

/** The markdown comment for the text `pulumi preview --json` printed. */
export function previewComment(json: string, options?: RenderOptions): string {
  return renderMarkdown(summarize(parsePreview(json)), options);
}
