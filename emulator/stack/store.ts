/**
 * One observability stack's data: one map per collection of the table (`collections.ts`).
 * The `/api/v2` surface has one store and every cloud service has its own. The records (`records.ts`) hold
 * what either generation needs; each generation's views pick their fields.
 */
import { randomBytes } from "node:crypto";
import { COLLECTION_KEYS, STACK_COLLECTIONS } from "./collections";
import type { CollectionKey, StackLists, StackMaps, StackShapes } from "./records";

export { SEEDED_WEBHOOK_ID } from "./seed";

/** The team every object belongs to: the emulator has one. */
export const TEAM_ID = "65f0c0de0000000000000001";

/**
 * A 24-hex-digit ObjectId, the shape the stack server uses for its documents: four bytes of
 * creation time (Unix seconds), then eight random bytes.
 */
export function documentId(now: number = Date.now()): string {
  return (
    Math.floor(now / 1000)
      .toString(16)
      .padStart(8, "0")
      .slice(-8) + randomBytes(8).toString("hex")
  );
}

/** What a stack starts with: `seed` derives the seeded ids; each list given replaces that collection's seed. */
export type StackSeed = Partial<StackLists> & {
  /** Seed of the derived ids: `server` for `/api/v2`, the service id for a service's stack. @default "server" */
  seed?: string;
};

/** One map per collection of the table, each filled from the start or the row's seed. */
function collectionMaps(start: StackSeed): StackMaps {
  const seed = start.seed ?? "server";
  const lists: Partial<StackLists> = start;
  const map = <K extends CollectionKey>(key: K): Map<string, StackShapes[K]> => {
    const given = lists[key];
    return new Map((given ?? STACK_COLLECTIONS[key].seed(seed)).map((o): [string, StackShapes[K]] => [o.id, o]));
  };
  return Object.fromEntries(COLLECTION_KEYS.map((key) => [key, map(key)])) as unknown as StackMaps;
}

/** A base class whose instances carry the collections' maps as their own fields (`store.dashboards`, ...). */
const WithCollections = class {
  constructor(maps: StackMaps) {
    Object.assign(this, maps);
  }
} as new (maps: StackMaps) => StackMaps;

/** Everything of one stack: a map per collection of the table. */
export class StackStore extends WithCollections {
  constructor(start: StackSeed = {}) {
    super(collectionMaps(start));
  }

  /** Ids of the stack's connections (raw SQL tiles name one). */
  connectionIds(): Set<string> {
    return new Set(this.connections.keys());
  }
}
