import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { E2EStack, type ExportedResource, type StackOptions } from "./harness";
import type { Stored } from "../support/stored";
import { registry, type ResourceTypeName } from "../../provider/registry";
import { uniquelyNamed } from "../../provider/engine/define-engine";

/**
 * Two stacks racing for one name the server keeps unique (issue 33), the same for every kind with
 * a unique name and on both faces: the loser is told another create may be running, with no
 * adoption or import command; its state holds none of the kind's objects; its `destroy` leaves
 * the winner's object, and the winner's deletes it.
 */

/** What the loser must be told (provider/engine/name-holder.ts). */
export const WAIT = "Another create may be running: wait and run `pulumi up` again";
/** Any offer to adopt or import, as printed (quotes may be escaped in the CLI's diagnostics). */
export const ADOPT_OFFER = /pipestack:adopt\[|adoptId: \\?"|pulumi import/;

/** One kind with a unique name, as a race sees it. */
export interface Contested {
  /** The ids of the kind's objects a state holds (the face's type token). */
  objectsIn(resources: ExportedResource[]): string[];
  /** The kind's objects the emulator holds. */
  stored(): Stored[];
}

/**
 * After a race: the loser (its `up` failed, `told` what it printed) was told to wait and offered
 * nothing, recorded nothing; a `destroy` of it leaves the winner's object, one of the winner
 * deletes it.
 */
export async function loserLeavesTheWinners(race: { winner: E2EStack; loser: E2EStack; told: string; kind: Contested }): Promise<void> {
  const { winner, loser, told, kind } = race;
  expect(told).toContain(WAIT);
  expect(told, "no adoption offered").not.toMatch(ADOPT_OFFER);
  const won = kind.objectsIn((await winner.exportState()).resources);
  expect(won).toHaveLength(1);
  expect(kind.objectsIn((await loser.exportState()).resources), "the loser recorded nothing").toEqual([]);
  await loser.destroy();
  expect(kind.stored().map((o) => o.id)).toContain(won[0]);
  await winner.destroy();
  expect(kind.stored().map((o) => o.id)).not.toContain(won[0]);
}

/** Both stacks' `up` at once, without a preview: one gets the name, the other is the loser above. */
export async function raceForOneName(opts: { a: E2EStack; b: E2EStack; kind: Contested }): Promise<void> {
  const { a, b, kind } = opts;
  const runs = await Promise.all([a, b].map((s) => s.pulumi(["up", "--yes", "--skip-preview"])));
  const won = runs.map((r) => r.code === 0);
  expect(won.filter(Boolean), runs.map((r) => r.stdout + r.stderr).join("\n----\n")).toHaveLength(1);
  const [winner, loser] = won[0] ? [a, b] : [b, a];
  const lost = runs[won[0] ? 1 : 0];
  await loserLeavesTheWinners({ winner, loser, told: lost.stdout + lost.stderr, kind });
}

/** One kind's race on one face: its stacks' program and settings, and the kind's objects the emulator holds. */
export interface RaceRow {
  stack: Omit<StackOptions, "stack">;
  /** Folders put on the CLI's PATH besides `stack.path`, found when the race starts (a language host). */
  hosts?: () => Promise<string[]>;
  stored(emulator: Emulator): Stored[];
}

/** A face the races run on: what its titles start with, and a kind's type token in its states. */
export interface RaceFace {
  title: string;
  token(type: ResourceTypeName): string;
}

/**
 * The races of one face, one per kind whose engine declares a unique name (the rows are held to
 * the registry): two stacks of the row's program, B pointed at A's emulator (one service, one
 * stack server: the emulators share their default keys), both `up`s at once, then the loser's
 * checks above.
 */
export function describeNameRaces(face: RaceFace, rows: Partial<Record<ResourceTypeName, RaceRow>>): void {
  it(`${face.title}races every kind whose engine declares a unique name`, () => {
    expect(Object.keys(rows).sort()).toEqual(
      registry
        .filter((d) => uniquelyNamed(d.provider))
        .map((d) => d.type)
        .sort(),
    );
  });

  describe.each(Object.entries(rows) as [ResourceTypeName, RaceRow][])(`${face.title}%s: two stacks, one name, both \`up\`s at once`, (type, row) => {
    let a: E2EStack;
    let b: E2EStack;
    beforeAll(async () => {
      const hosts = (await row.hosts?.()) ?? [];
      [a, b] = await Promise.all(["a", "b"].map((stack) => E2EStack.open({ ...row.stack, path: [...(row.stack.path ?? []), ...hosts], stack })));
      await b.setConfig("pipestack:apiUrl", a.emulator.url);
      if (row.stack.stackServer) await b.setConfig("pipestack:stackUrl", a.emulator.url);
    }, 600_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it("the loser is told to wait, offered no adoption or import, records nothing; its destroy leaves the winner's object", async () => {
      const objectsIn = (resources: ExportedResource[]) => resources.filter((r) => r.type === face.token(type)).map((r) => r.id!);
      await raceForOneName({ a, b, kind: { objectsIn, stored: () => row.stored(a.emulator) } });
    }, 300_000);
  });
}
