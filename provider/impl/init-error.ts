/**
 * Thrown when an object was created but did not become ready. The engine records it (id and
 * outputs) instead of losing it, so the next `up` or `destroy` can act on it.
 */
export class ResourceInitError extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    readonly reasons: string[] = [message],
  ) {
    super(message);
    this.name = "ResourceInitError";
  }
}
