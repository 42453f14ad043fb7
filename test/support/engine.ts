import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { configure } from "../../provider/impl/engine-settings";

/** Starts an emulator and points the engine side's settings at it, as stack config would. */
export async function emulatorWithEngine(
  options: EmulatorOptions = {},
  extra: Record<string, string> = {},
): Promise<Emulator> {
  const emulator = await startEmulator({ port: 0, stepMs: 0, ...options });
  const config: Record<string, string> = {
    "pipestack:apiUrl": emulator.url,
    "pipestack:keyId": emulator.options.keyId,
    "pipestack:keySecret": emulator.options.keySecret,
    "pipestack:organizationId": emulator.options.organizationId,
    "pipestack:serviceId": emulator.options.serviceId,
    "pipestack:pollIntervalMs": "20",
    "pipestack:retryBaseDelayMs": "5",
    ...extra,
  };
  configure({ config: { get: (key: string) => config[key] } });
  return emulator;
}

/** The pipes the emulator holds for its default service. */
export function storedPipes(emulator: Emulator): Record<string, any>[] {
  const state = emulator.control.state() as any;
  return state.services[emulator.options.serviceId]?.pipes ?? [];
}
