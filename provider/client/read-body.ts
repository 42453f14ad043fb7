import type { Readable } from "node:stream";

/**
 * Reading an answer's body with a size cap: a server (or whatever answers at a wrong URL) could
 * otherwise send hundreds of megabytes that the provider holds, parses and records. The body is
 * streamed and the exchange ended as soon as it passes the cap, so at most the cap is held.
 */

/** The answer's body is larger than the cap; `seen` is how much arrived before it was cut. */
export class BodyTooLarge extends Error {
  constructor(
    readonly limit: number,
    readonly seen: number,
  ) {
    super(`the answer is larger than ${limit} bytes`);
  }
}

/** The message of an answer over the cap: the limit and the setting that sets it. */
export function tooLargeMessage(limit: number): string {
  return `the answer is larger than ${limit} bytes (${(limit / 2 ** 20).toFixed(1)} MiB), the limit pipestack:maxResponseBytes sets; it was not read further. Raise the setting if the API really answers this much`;
}

/**
 * The body as text, or a {@link BodyTooLarge} once more than `limit` bytes arrive (or a
 * `content-length` says they would): the stream is destroyed then, which closes the connection.
 */
export async function readCapped(body: Readable, limit: number, contentLength?: string | string[]): Promise<string> {
  // The abort a destroy causes is emitted as an error nobody else listens to: it is this function's own doing.
  body.on("error", () => undefined);
  const announced = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (Number.isFinite(announced) && announced > limit) {
    body.destroy();
    throw new BodyTooLarge(limit, 0);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buf.length;
    if (size > limit) {
      body.destroy();
      throw new BodyTooLarge(limit, size);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}
