import { InternalError } from "../errors/operation-errors";
import { PipestackError } from "../errors/pipestack-error";

/**
 * An expected refusal (a `PipestackError`: the API said no, an input or a setting is wrong, a
 * create would take another's object) carries no Node stack to the user: its message says all a
 * user can act on. The SDK's dynamic-provider host prints `${err}: ${err.stack}` to stderr for
 * every error of a check, diff, read or delete, which the CLI shows on the stack's row beside the
 * error itself, frames and all: a second copy of one refusal. So the error leaves with a stack of
 * its first line only, and the host's print of it is dropped. With `PIPESTACK_DEBUG=1` in the
 * environment both stay as Node made them. An `InternalError` (a bug) and any error not ours keep
 * their stacks always.
 */

/** The environment variable that keeps expected refusals' stacks. */
export const DEBUG_ENV = "PIPESTACK_DEBUG";

/** True when stacks of expected refusals are kept. */
export const keepsStacks = (env: NodeJS.ProcessEnv = process.env): boolean => /^(1|true|yes)$/i.test(env[DEBUG_ENV] ?? "");

/** What the host prints of an error: held until it prints it, then dropped. */
const unprinted = new Set<string>();

/** True for an expected refusal: an error of this package's that is no bug. */
function expected(err: unknown): err is Error {
  return PipestackError.isInstance(err) && !InternalError.isInstance(err);
}

/** `err` with a stack of its first line only, when it is an expected refusal and stacks are not kept; the same object. */
export function withoutFrames<E>(err: E): E {
  if (!expected(err) || keepsStacks()) return err;
  err.stack = `${err.name}: ${err.message}`;
  unprinted.add(`${String(err)}: ${err.stack}`);
  return err;
}

let quieted = false;

/** Drops, once per process, the dynamic-provider host's stderr print of each expected refusal (see above). */
export function quietHostPrints(): void {
  if (quieted || keepsStacks()) return;
  quieted = true;
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && unprinted.delete(args[0])) return;
    print(...args);
  };
}
