import { expect } from "vitest";
import type { E2EStack, ExportedResource } from "./harness";
import { storedPipes } from "../support/stored";
import { loserLeavesTheWinners } from "./name-race";

/**
 * The two-stack race with a delayed rename (issue 27), the same on both faces: stack B's pipe is
 * made under its temporary name and its rename held (then refused before it ran: B renames
 * again) while stack A's `up` runs. A must be told that another create may be running, with no
 * adoption or import command, and record nothing; a `destroy` of A leaves B's pipe (the end of
 * every name race: `./name-race.ts`).
 */
export async function delayedRenameRace(opts: {
  a: E2EStack;
  b: E2EStack;
  /** The pipe's name in the program. */
  pipeName: string;
  /** The ids of the pipes a state holds (the face's type token). */
  pipesIn: (resources: ExportedResource[]) => string[];
  holdMs: number;
}): Promise<void> {
  const { a, b, pipeName, pipesIn, holdMs } = opts;
  const emulator = a.emulator;
  emulator.control.script({ method: "PATCH", path: "/pipes/[^/]+$", status: 503, kind: "before", delayMs: holdMs });
  const bUp = b.pulumi(["up", "--yes", "--skip-preview"]);
  const deadline = Date.now() + 120_000;
  while (emulator.control.script() > 0) {
    expect(Date.now() < deadline, "stack B's rename never arrived").toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const aRun = await a.pulumi(["up", "--yes", "--skip-preview"]);
  const bRun = await bUp;
  expect(bRun.code, bRun.stdout + bRun.stderr).toBe(0);
  expect(aRun.code).not.toBe(0);
  const told = aRun.stdout + aRun.stderr;
  expect(told).toMatch(new RegExp(`under the temporary name \\\\?"${pipeName}--pipestack-create-[0-9a-f]{12}\\\\?" of another create`));
  await loserLeavesTheWinners({ winner: b, loser: a, told, kind: { objectsIn: pipesIn, stored: () => storedPipes(emulator) } });
  expect(storedPipes(emulator)).toEqual([]);
}
