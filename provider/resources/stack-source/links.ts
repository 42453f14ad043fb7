import type { StackTarget } from "../../client/stack-target";
import { NotFoundError } from "../../errors";
import { getSource, putSource } from "./api";
import { rewritten } from "./body";
import { kindsTaking } from "./kinds";
import { LINK_FIELDS, type SourceInputs } from "./policy";

/**
 * The links back (`linkBack`): a source of kind K that links to source Y sets Y's link to K
 * (`${K}SourceId`) where Y's kind takes one (from the kinds table), so a pair of sources naming
 * each other is written with one naming the other. Each is one GET of Y and, when its link is
 * not already this source, one PUT of Y as read with that link changed (nothing else of Y moves).
 */

/** The field of a source of kind `linked` that links back to a source of kind `kind`, if that kind takes one. Pure. */
export function backField(kind: string, linked: string): string | undefined {
  const field = `${kind}SourceId`;
  return kindsTaking(field).includes(linked) ? field : undefined;
}

/** The sources `inputs` links to. Pure. */
export const linkedIds = (inputs: SourceInputs): string[] =>
  LINK_FIELDS.map((f) => (inputs as Record<string, unknown>)[f]).filter((v): v is string => typeof v === "string" && v !== "");

/** Sets the link back to `id` on every source `inputs` links to (when `linkBack`). */
export async function linkBack(t: StackTarget, id: string, inputs: SourceInputs): Promise<void> {
  if (inputs.linkBack !== true) return;
  for (const other of linkedIds(inputs)) {
    const live = await getSource(t, other);
    const field = backField(inputs.kind, String(live.kind));
    if (field && (live as Record<string, unknown>)[field] !== id) await putSource(t, other, rewritten(live, field, id));
  }
}

/** Takes the links back to `id` off the sources `props` links to, where they still name it (a delete with `linkBack`); a linked source already gone is passed. */
export async function unlinkBack(t: StackTarget, id: string, props: SourceInputs): Promise<void> {
  if (props.linkBack !== true) return;
  for (const other of linkedIds(props)) {
    try {
      const live = await getSource(t, other);
      const field = backField(props.kind, String(live.kind));
      if (field && (live as Record<string, unknown>)[field] === id) await putSource(t, other, rewritten(live, field, undefined));
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
  }
}
