import type { PipestackErrorCode } from "./codes";

/**
 * The options of every error's constructor: the error that caused it. Declared here rather than
 * as the lib's `ErrorOptions` (es2022), so the published types compile for projects on an older
 * `lib` (the Pulumi TypeScript template's `target: es2020`).
 */
export interface PipestackErrorOptions {
  /** The error that caused this one. */
  cause?: unknown;
}

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

  constructor(code: PipestackErrorCode, message: string, options?: PipestackErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}
