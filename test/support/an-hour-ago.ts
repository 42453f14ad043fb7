import { vi } from "vitest";

/**
 * Runs `make` with this process's clock (so an in-process emulator's too) an hour behind: what it
 * creates reads as made an hour before anything after it, older than any create still in flight
 * (see provider/resources/pipe/api.ts `mayBeInFlight`). No assertions.
 */
export async function anHourAgo<T>(make: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 3_600_000 });
  try {
    return await make();
  } finally {
    vi.useRealTimers();
  }
}
