import { PipestackError } from "../errors/pipestack-error";

/**
 * Thrown when an object was created but did not become ready. The engine records it (id and
 * outputs) instead of losing it, so the next `up` or `destroy` can act on it.
 */
export class ResourceInitError extends PipestackError {
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    readonly reasons: string[] = [message],
  ) {
    super("PIPESTACK_RESOURCE_INIT", message);
    this.name = "ResourceInitError";
  }
}

/** The properties a half-made object is recorded with: its outputs and the serialized provider, so the next operation on it can load one. */
export function recorded(outs: object, props: { __provider?: string }): Record<string, unknown> {
  return { ...outs, __provider: props.__provider };
}

/** A {@link ResourceInitError} recording the object `id` with {@link recorded} properties. */
export function initError(message: string, id: string, outs: object, props: { __provider?: string }): ResourceInitError {
  return new ResourceInitError(message, id, recorded(outs, props));
}
