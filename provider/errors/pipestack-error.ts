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
 * The brand every error of the package carries: the codes of its class and of the classes it
 * extends. A registered symbol is the same in every copy of the package, so `isInstance` (and
 * `instanceof`, through `Symbol.hasInstance`) holds across two installed copies: a tool's and the
 * program's.
 */
const BRAND = Symbol.for("pulumi-pipestack:error");

/** An error class of the package: what `isInstance` is called on. */
type ErrorClass = abstract new (...args: never[]) => PipestackError;

/**
 * The root of every error this package throws: `err instanceof PipestackError` (or
 * `PipestackError.isInstance(err)`; both hold across installed copies), then switch on its stable `code` (see
 * {@link errorCodes}). Each class names its own code as a static `code`. Messages carry
 * everything a user needs, since only a message crosses from the provider process to the engine.
 *
 * @example
 * function advice(err: unknown): string {
 *   if (!PipestackError.isInstance(err)) throw err;
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
    Object.defineProperty(this, BRAND, { value: Object.freeze(classCodes(new.target)) });
  }

  /**
   * True when `value` is an error of this class (or of one extending it) from any copy of the
   * package: it matches on the package's brand and the class's `code`, not on the prototype, so
   * it holds where `instanceof` fails because two copies are installed.
   *
   * @example
   * if (NotFoundError.isInstance(err)) return undefined;
   */
  static isInstance<C extends ErrorClass>(this: C, value: unknown): value is InstanceType<C> {
    const brand = (value as { [BRAND]?: unknown } | null | undefined)?.[BRAND];
    if (!Array.isArray(brand)) return false;
    // The root, and a class of the caller's own that names no code, have nothing to match on.
    const own = ownCode(this);
    if (own === undefined) return (this as unknown) === PipestackError || Function.prototype[Symbol.hasInstance].call(this, value);
    return brand.includes(own);
  }

  /**
   * `instanceof` as {@link isInstance}: it holds across two installed copies of the package (as
   * undici's errors do), so callers need not know which copy threw.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this.isInstance(value);
  }
}

/** The static `code` a class declares itself (not one it inherits). */
function ownCode(cls: object): string | undefined {
  return Object.prototype.hasOwnProperty.call(cls, "code") ? (cls as unknown as { code: string }).code : undefined;
}

/** The codes of `cls` and of every class it extends, up to the root. */
function classCodes(cls: object): string[] {
  const codes: string[] = [];
  for (let c: unknown = cls; typeof c === "function" && c !== PipestackError; c = Object.getPrototypeOf(c)) {
    const own = ownCode(c);
    if (own !== undefined) codes.push(own);
  }
  return codes;
}
