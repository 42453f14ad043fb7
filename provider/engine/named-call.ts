import { PipestackError } from "../errors/pipestack-error";

/**
 * Prefixes the errors of reading settings and arguments with the function's name, so that
 * "pipestack:serviceId is not set ..." says which call needed it. API errors pass as they are
 * (their message already names the request). The code stays the cause's; anything not ours
 * thrown here is a bug in the package.
 */
export function named<T>(fn: string, step: () => T): T {
  try {
    return step();
  } catch (err) {
    const code = err instanceof PipestackError ? err.code : "PIPESTACK_INTERNAL";
    throw new PipestackError(code, `${fn}: ${(err as Error).message}`, { cause: err });
  }
}
