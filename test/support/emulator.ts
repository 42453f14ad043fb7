/**
 * How every test starts an emulator in its own process: on a free port of 127.0.0.1, no state
 * steps and no `Retry-After` wait unless asked, with credentials the tests know (and search every
 * output and error for). The tests of the shipped forms start those instead: the compiled CLI
 * (emulator-cli.ts) and the packed package (package/package-exports.test.ts).
 */
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";

/** The cloud API key secret the emulator accepts. */
export const KEY_SECRET = "cloud-key-secret-5f1c9a77";
/** The open-source stack server's access key the emulator accepts. */
export const STACK_TOKEN = "stack-token-8d2e47b1";

/**
 * Starts one. The stack API generation is the contract's (`2.0.0`) unless asked: the shared
 * fixtures are written in its form; tests of the current form pass `stackApiVersion: "2.36.0"`,
 * tests of the emulator's own default pass `stackApiVersion: undefined`.
 */
export function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({
    port: 0,
    stepMs: 0,
    retryAfterSeconds: 0,
    keySecret: KEY_SECRET,
    stackToken: STACK_TOKEN,
    stackApiVersion: "2.0.0",
    ...options,
  });
}
