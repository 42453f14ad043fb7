import * as pulumi from "@pulumi/pulumi";

/**
 * A function's failure as the program shows it: its message alone, without JavaScript stack
 * frames (the engine prints a `RunError` so). The message already names the setting to check
 * (the client adds it to every API error), so nothing is added here.
 */
function programError(err: unknown): Error {
  if (pulumi.RunError.isInstance(err)) return err;
  return new pulumi.RunError(err instanceof Error ? err.message : String(err));
}

/** `run`, its failure as {@link programError}. */
export async function asProgramCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw programError(err);
  }
}
