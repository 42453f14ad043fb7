import { ApiError } from "../../errors";
import { PipestackError } from "../../errors/pipestack-error";
import { isObj } from "../../engine/canonical";

/**
 * What a refused dashboard write may owe to the server's generation, worked out from the
 * program alone (never from the message's text): series with `dataSource` and no `sourceId`
 * are the first generation's form, which current servers refuse; `config` tiles and dashboard
 * extras are the current form, which a 2.0.0 server does not know. Pure.
 */
export function tileFormHint(inputs: { tiles?: unknown; filters?: unknown; containers?: unknown }): string | undefined {
  const tiles = (Array.isArray(inputs.tiles) ? inputs.tiles : []).filter(isObj);
  const series = tiles.flatMap((t) => (Array.isArray(t.series) ? t.series.filter(isObj) : []));
  const firstForm = series.some((s) => s.dataSource !== undefined && s.sourceId === undefined && s.type !== "markdown");
  const current = tiles.some((t) => t.config !== undefined) || series.some((s) => s.dataSource === undefined);
  const hints: string[] = [];
  if (firstForm)
    hints.push(
      "if the server is a current one (API 2.14.0 or later): series with `dataSource` and no `sourceId` are the first generation's form; give them `sourceId` (an id from getStackSources), beside `dataSource` or instead of it",
    );
  if (current)
    hints.push(
      "if the server is of the first generation (API 2.0.0): `config` tiles and series without `dataSource` need a current server; it knows only series with `dataSource`",
    );
  return hints.length > 0 ? hints.join("; ") : undefined;
}

/**
 * `err`, or for a 400 of a dashboard create, an error with its code whose message adds the hint
 * (messages are all that reach the engine). Only a create: a dashboard that exists was taken in its form.
 */
export function withFormHint(err: unknown, inputs: { tiles?: unknown }): unknown {
  if (!(err instanceof ApiError) || err.status !== 400) return err;
  const hint = tileFormHint(inputs);
  return hint === undefined ? err : new PipestackError(err.code, `${err.message}. Perhaps: ${hint}`, { cause: err });
}
