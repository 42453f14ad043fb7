/**
 * Reading and parsing request bodies. Parsing happens once in the server; a parse failure
 * is kept and raised only when a handler asks for the body, so auth errors still come first.
 */
import type { IncomingMessage } from "node:http";
import { ApiFailure, badRequest } from "./errors";

/** Larger bodies are refused, as a gateway would. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A request body: absent, parsed JSON, or the reason it could not be parsed; `text` is the body
 * as sent, for a surface that reads it by its content type.
 */
export type ParsedBody =
  { kind: "none" } | { kind: "json"; value: unknown; text?: string } | { kind: "invalid"; status: number; message: string; text?: string };

/** Reads the whole body; never rejects (a body error is part of the result). */
export function readBody(req: IncomingMessage): Promise<ParsedBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("error", () => resolve({ kind: "invalid", status: 400, message: "request body could not be read" }));
    req.on("end", () => {
      if (tooLarge) return resolve({ kind: "invalid", status: 413, message: `request body exceeds ${MAX_BODY_BYTES} bytes` });
      const text = Buffer.concat(chunks).toString("utf8");
      if (text.trim() === "") return resolve({ kind: "none" });
      try {
        resolve({ kind: "json", value: JSON.parse(text) as unknown, text });
      } catch (error) {
        resolve({ kind: "invalid", status: 400, message: `invalid JSON body: ${(error as Error).message}`, text });
      }
    });
  });
}

/** A plain JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The body as a JSON object, or the failure the API answers for anything else. */
export function objectBody(body: ParsedBody): JsonObject {
  if (body.kind === "invalid") throw new ApiFailure(body.status, body.message);
  if (body.kind === "none") throw badRequest("request body must be a JSON object");
  if (!isObject(body.value)) throw badRequest("request body must be a JSON object");
  return body.value;
}
