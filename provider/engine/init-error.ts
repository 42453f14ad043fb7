import { ResourceInitError } from "../errors/operation-errors";

/** The properties a half-made object is recorded with: its outputs and the serialized provider, so the next operation on it can load one. */
export function recorded(outs: object, props: { __provider?: string }): Record<string, unknown> {
  return { ...outs, __provider: props.__provider };
}

/** A {@link ResourceInitError} recording the object `id` with {@link recorded} properties. */
export function initError(message: string, id: string, outs: object, props: { __provider?: string }): ResourceInitError {
  return new ResourceInitError(message, id, recorded(outs, props));
}
