import { ApiError } from "../../errors";
import { PipestackError } from "../../errors/pipestack-error";
import { isObj } from "../../engine/canonical";
import type { StackGeneration } from "../../engine/stack/generation";

/** The hint of each generation a program's tiles may owe a refusal to. */
type FormHints = Partial<Record<StackGeneration, string>>;

/**
 * What a refused dashboard write may owe to the server's generation, worked out from the
 * program alone (never from the message's text), by the generation it speaks of: series with
 * `dataSource` and no `sourceId` are the first generation's form, which current servers refuse;
 * `config` tiles and series without `dataSource` are the current form, which a 2.0.0 server does
 * not know. Pure.
 */
export function tileFormHints(inputs: { tiles?: unknown }): FormHints {
  const tiles = (Array.isArray(inputs.tiles) ? inputs.tiles : []).filter(isObj);
  const series = tiles.flatMap((t) => (Array.isArray(t.series) ? t.series.filter(isObj) : []));
  const firstForm = series.some((s) => s.dataSource !== undefined && s.sourceId === undefined && s.type !== "markdown");
  const current = tiles.some((t) => t.config !== undefined) || series.some((s) => s.dataSource === undefined);
  const hints: FormHints = {};
  if (firstForm)
    hints.current =
      "the server is a current one (API 2.14.0 or later): series with `dataSource` and no `sourceId` are the first generation's form; give them `sourceId` (an id from getStackSources), beside `dataSource` or instead of it";
  if (current)
    hints.first =
      "the server is of the first generation (API 2.0.0): `config` tiles and series without `dataSource` need a current server; it knows only series with `dataSource`";
  return hints;
}

/** The hint for a server of `generation`, if the program's tiles give one. Pure. */
export function tileFormHint(inputs: { tiles?: unknown }, generation: StackGeneration): string | undefined {
  return tileFormHints(inputs)[generation];
}

/**
 * `err`, or for a 400 of a dashboard create, an error with its code whose message adds the hint
 * of the server's generation (messages are all that reach the engine): a hint about the other
 * generation's server would send the user the wrong way. The generation is asked only when the
 * program's tiles give a hint at all (one read per process, shared). Only a create: a dashboard
 * that exists was taken in its form.
 */
export async function withFormHint(err: unknown, inputs: { tiles?: unknown }, generation: () => Promise<StackGeneration>): Promise<unknown> {
  if (!(err instanceof ApiError) || err.status !== 400) return err;
  if (Object.keys(tileFormHints(inputs)).length === 0) return err;
  // A read that fails gives no hint: the server's refusal stands as it is.
  const known = await generation().catch(() => undefined);
  const hint = known && tileFormHint(inputs, known);
  return hint === undefined ? err : new PipestackError(err.code, `${err.message}. Perhaps ${hint}`, { cause: err });
}
