/**
 * Prefixes the errors of reading settings and arguments with the function's name, so that
 * "pipestack:serviceId is not set ..." says which call needed it. API errors pass as they are
 * (their message already names the request).
 */
export function named<T>(fn: string, step: () => T): T {
  try {
    return step();
  } catch (err) {
    throw new Error(`${fn}: ${(err as Error).message}`);
  }
}
