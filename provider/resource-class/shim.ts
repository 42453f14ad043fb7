/**
 * The serialized provider (`__provider`): the text the dynamic-provider process loads, with
 * `require-from-string`, to find the engine of a resource. Its text is stored twice (inputs and
 * outputs) in every resource's state and the file backend rewrites the state after every step,
 * so each byte counts: it is written here as one line that requires the installed engine by its
 * stable path (about 70 bytes; `serializeFunction` of an object made 556, issue 45), capturing
 * nothing (no client, no configuration, no secret). Never rename that path: old states have it
 * written in, and their own (older, larger) texts keep calling `require(path).provider`.
 */
export function providerText(engine: Engine): string {
  // The process calls `handler()`, then `configure` once per text before any other method:
  // the engine's own provider object has every method, configure included.
  return `exports.handler=()=>require(${JSON.stringify(`pulumi-pipestack/engine/${engine}`)}).provider;`;
}

/** The engine a kind's text loads: a frozen `pulumi-pipestack/engine/<name>` path (the registry lists them). */
export type Engine = string;
