/**
 * A local emulator of the cloud management API (pipes, reverse private endpoints, services,
 * the `/stack` proxy) and of the open-source stack server's `/api/v2`, for tests, demos and
 * fault-injection runs. Bound to 127.0.0.1 only.
 *
 * @example
 * const emulator = await startEmulator({ port: 0, stepMs: 0 });
 * emulator.control.script({ method: "POST", path: "/pipes$", status: 503 });
 * // ... point a client at emulator.url ...
 * await emulator.close();
 */
import type { AddressInfo } from "node:net";
import type { App } from "./app";
import { registerPipes } from "./cloud/pipes";
import { registerServiceRoutes } from "./cloud/routes";
import { Control } from "./control";
import { FaultInjector } from "./faults";
import { resolveOptions, type EmulatorOptions, type ResolvedOptions } from "./options";
import { Router } from "./router";
import { createEmulatorServer } from "./server";
import { registerStack } from "./stack/surfaces";
import { loadState, saveState } from "./state-file";
import { seedFromTerraformState } from "./terraform-state";
import { Stats } from "./stats";
import { Store } from "./store";

export { Control, ControlError, type FaultSettings } from "./control";
export type { ScriptedFault } from "./faults";
export { DEVIATIONS, type Deviation, type DeviationName } from "./deviations";
export { DEFAULTS, FAULT_KINDS, OPTIONS, type EmulatorOptions, type FaultKind, type Quirks, type ResolvedOptions } from "./options";
export type { StatsSnapshot, FaultRecord } from "./stats";

/** A running emulator. */
export interface Emulator {
  /** Base address, `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  port: number;
  /** Options in force; the fault and timing fields follow control-API changes. */
  options: ResolvedOptions;
  /** The control API as methods (same as the HTTP routes under `/__emulator/`). */
  control: Control;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/** Starts an emulator; resolves once it listens. */
export async function startEmulator(input: EmulatorOptions = {}): Promise<Emulator> {
  const options = resolveOptions(input);
  const store = new Store(options.serviceId);
  if (options.stateFile) loadState(store, options.stateFile);
  if (options.fromTerraformState) seedFromTerraformState(store, options.fromTerraformState, options.serviceId, Date.now(), options.stackApiVersion);
  const app: App = { options, store };
  const file = options.stateFile;
  const persist = file ? () => saveState(store, file) : () => undefined;
  const router = new Router();
  registerServiceRoutes(router, app);
  registerPipes(router, app);
  registerStack(router, app);
  const faults = new FaultInjector(options);
  const stats = new Stats();
  const control = new Control(app, faults, stats, persist);
  const abort = new AbortController();
  const server = createEmulatorServer({ app, router, faults, stats, control, persist }, abort.signal);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  options.port = port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    options,
    control,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        abort.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
