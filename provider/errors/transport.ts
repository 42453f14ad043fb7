import type { PipestackErrorCode } from "./codes";
import { PipestackError } from "./pipestack-error";

/** The request got no HTTP answer: connection refused or reset, timeout. There is no status. */
export class TransportError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_TRANSPORT";
  readonly method: string;
  readonly path: string;
  /** undici's or Node's error code, e.g. `ECONNREFUSED`; `PIPESTACK_ATTEMPT_DEADLINE` when the attempt's deadline ended it. */
  readonly causeCode: string;

  constructor(method: string, path: string, causeCode: string, message: string) {
    super(TransportError.code, `${method} ${path} -> no answer (${causeCode}): ${message}`);
    this.method = method;
    this.path = path;
    this.causeCode = causeCode;
  }

  /** Refused connections never reached the server, so even a POST may be sent again. */
  get neverSent(): boolean {
    return this.causeCode === "ECONNREFUSED";
  }
}
