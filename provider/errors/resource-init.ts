import type { PipestackErrorCode } from "./codes";
import { PipestackError } from "./pipestack-error";

/**
 * Thrown when an object was created but did not become ready. The engine records it (id and
 * outputs) instead of losing it, so the next `up` or `destroy` can act on it. The native
 * provider sends it on as the engine's "resource init failed" answer, its outputs marked secret
 * where they must be.
 */
export class ResourceInitError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_RESOURCE_INIT";

  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    readonly reasons: string[] = [message],
  ) {
    super(ResourceInitError.code, message);
  }
}
