import type { Emulator, EmulatorOptions } from "../../emulator";
import { configure } from "../../provider/engine/engine-settings";
import { forgetSnapshots } from "../../provider/engine/shared-list";
import { startTestEmulator } from "./emulator";

/**
 * Hands the engine a stack config (`pipestack:<key>`), as `configure` does, in a provider process
 * of its own: the lists the last one shared (see provider/engine/shared-list.ts) are forgotten.
 * Keys not given read as empty, so stray `PIPESTACK_*` variables of the environment never leak in.
 */
export function configureWith(values: Record<string, string>): void {
  forgetSnapshots();
  void configure({ config: { get: (key: string) => values[key.replace(/^pipestack:/, "")] ?? "" } });
}

/** Starts an emulator and points the engine side's settings at it, as stack config would. */
export async function emulatorWithEngine(options: EmulatorOptions = {}, extra: Record<string, string> = {}): Promise<Emulator> {
  const emulator = await startTestEmulator(options);
  configureWith({
    apiUrl: emulator.url,
    keyId: emulator.options.keyId,
    keySecret: emulator.options.keySecret,
    organizationId: emulator.options.organizationId,
    serviceId: emulator.options.serviceId,
    pollIntervalMs: "20",
    retryBaseDelayMs: "5",
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k.replace(/^pipestack:/, ""), v])),
  });
  return emulator;
}
