import { ResourceInitError } from "../../errors/operation-errors";

/**
 * Takes a create's marker off the object it made: `put` sends the program's own body (one PUT).
 * Should that fail, the object is still this resource's: the error records it (id and outputs),
 * so the engine keeps it and the next `up` updates it, which removes the marker.
 */
export async function unmarked<R>(what: string, id: string, put: () => Promise<R>, recorded: () => Record<string, unknown>): Promise<R> {
  try {
    return await put();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ResourceInitError(`${what} ${id} was created, but taking its create marker off failed (${reason}); run \`pulumi up\` again`, id, recorded());
  }
}
