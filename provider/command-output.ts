import * as fs from "node:fs";

/**
 * How the package's commands write what they print: whole, at once, and a failure as an error the
 * command can word (`ENOSPC` on a full disk, `EPIPE` on a closed pipe) instead of an `error` event
 * thrown later, past the command's own handling, as a stack trace. So a command writes its
 * document first and prints advice only once the write succeeded.
 */

/** A write to a standard stream that did not complete, with the system's code (`ENOSPC`, `EPIPE`, ...). */
export class OutputError extends Error {
  constructor(
    readonly stream: "standard output" | "standard error",
    readonly code: string,
  ) {
    super(`could not write to ${stream}: ${OutputError.said(code)} (${code})`);
  }

  /** What a code means to a user. */
  static said(code: string): string {
    if (code === "ENOSPC") return "no space left on the device it goes to";
    if (code === "EPIPE") return "the program reading it closed the pipe";
    if (code === "EBADF") return "it is closed";
    return "the system refused the write";
  }
}

/** A wait of `ms` milliseconds, in a command that runs synchronously. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Writes all of `text` to the file descriptor `fd` (1: standard output, 2: standard error),
 * synchronously; throws an {@link OutputError} when the system refuses. A non-blocking pipe that
 * is full (`EAGAIN`) is waited for, not a failure.
 */
export function writeAll(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  for (let at = 0; at < bytes.length;) {
    try {
      at += fs.writeSync(fd, bytes, at, bytes.length - at);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? "EIO";
      if (code === "EAGAIN") {
        pause(5);
        continue;
      }
      throw new OutputError(fd === 1 ? "standard output" : "standard error", code);
    }
  }
}
