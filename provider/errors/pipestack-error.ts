import type { PipestackErrorCode } from "./codes";

/**
 * The root of every error this package throws: `instanceof PipestackError`, then switch on its
 * stable `code` (see {@link errorCodes}). Messages carry everything a user needs, since only a
 * message crosses from the provider process to the engine.
 *
 * @example
 * function advice(err: unknown): string {
 *   if (!(err instanceof PipestackError)) throw err;
 *   if (err.code === "PIPESTACK_INVALID_SETTING") return "set the pipestack:* config first";
 *   return err.message;
 * }
 */
export class PipestackError extends Error {
  /** What went wrong, as a stable string to switch on. */
  readonly code: PipestackErrorCode;

  constructor(code: PipestackErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}
