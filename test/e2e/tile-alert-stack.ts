/**
 * The setup the tile-alert e2e tests share: the `alert-preview` program (a dashboard with "Errors"
 * and "Volume" tiles, two alerts on "Errors", by name and by id) on a 2.36.0 stack server, on each
 * face (the program's resource classes, or the same resources by type token on the native plugin),
 * and the state where the program dropped "Errors" and `up --target` updated the dashboard alone,
 * so the tile stays on the server, pending removal, while its alerts watch it.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { E2EStack, type ExportedResource } from "./harness";
import { storedStack, type StoredStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

/** The two faces a tile-alert e2e runs on. */
export const FACES = ["dynamic", "native"] as const;
export type Face = (typeof FACES)[number];

/** A resource of an exported state by its name (the URN's last segment). */
export const named = (resources: readonly ExportedResource[], name: string): ExportedResource => resources.find((r) => r.urn.endsWith(`::${name}`))!;

/** The stack of the `alert-preview` program on `face`, opened before the file's tests and closed after (`config` adds to its config). */
export function tileAlertStack(
  face: Face,
  config: Record<string, string> = {},
): {
  stack: () => E2EStack;
  server: () => StoredStack;
  board: () => Promise<ExportedResource>;
} {
  let stack: E2EStack | undefined;
  beforeAll(async () => {
    const all = { webhookId: SEEDED_WEBHOOK_ID, ...config, ...(face === "native" ? { face } : {}) };
    stack = await E2EStack.open({ program: "test/e2e/programs/alert-preview", stackServer: true, config: all, emulator: { stackApiVersion: "2.36.0" } });
  }, 300_000);
  afterAll(() => stack?.close());
  const opened = () => {
    if (!stack) throw new Error("the stack is not open");
    return stack;
  };
  return {
    stack: opened,
    server: () => storedStack(opened().emulator, "server"),
    board: async () => named((await opened().exportState()).resources, "board"),
  };
}

/**
 * Deploys the program, then drops "Errors" and updates the dashboard alone: its alerts stay, so
 * the tile stays on the server, pending removal. Returns the tile's id and the alerts' ids.
 */
export async function errorsPending(s: ReturnType<typeof tileAlertStack>): Promise<{ errorsTile: string; alerts: string[] }> {
  await s.stack().up();
  const alerts = s
    .server()
    .alerts.map((a) => a.id)
    .sort();
  expect(alerts).toHaveLength(2);
  const errorsTile = (await s.board()).outputs!.tileIds.Errors as string;
  await s.stack().setConfig("dropErrors", "true");
  await s.stack().must(["up", "--yes", "--target", (await s.board()).urn]);
  expect((await s.board()).outputs!.pendingTiles.map((t: { key: string; id: string }) => [t.key, t.id])).toEqual([["Errors", errorsTile]]);
  return { errorsTile, alerts };
}
