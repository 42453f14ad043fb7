/** The emulator's control API (`/__emulator`) over HTTP, as the CLI's users drive it. */
import type { Emulator } from "../../emulator";
import { send, type Answer } from "./http";

/** One control call; never throws for a status. */
export function control(emulator: Emulator, method: string, path: string, body?: unknown): Promise<Answer> {
  // Every call that changes something says it is JSON, also without a body (the emulator refuses others).
  return send(`${emulator.url}/__emulator${path}`, method, body, method === "GET" ? {} : { "content-type": "application/json" });
}
