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
