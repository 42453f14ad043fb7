import { createHash } from "node:crypto";
import type { ApiClient } from "../client/client";
import type { RetryBudget } from "../client/retry-budget";
import { idOf, readAll, type Collection } from "./list-reader";
import { forgetChecks } from "./checked-here";

export { readAll, type Collection };

/**
 * The reads of a collection that one provider process shares: the engine calls `check` one
 * resource at a time, so a read per resource there costs the whole run one latency each (400
 * list reads for a 200-pipe `up`). Every gate reads the run's snapshot of a collection instead
 * ({@link snapshot}: read once, concurrent callers awaiting the same read), and this process's
 * own creates and deletes are applied to it. A snapshot can be old: a caller that finds in it
 * what would refuse (a name taken) reads again ({@link freshList}) before refusing, and a create
 * proves itself by its marker, not by the snapshot. Deletes share their proof: one read that
 * starts after every DELETE under way on the collection answered proves them all ({@link deleting}).
 *
 * Keyed by the collection's URL and a digest of the client's credentials, in this process's
 * memory only (the module is loaded once per provider process: the serialized provider requires
 * the package by a stable path, the native plugin is one process).
 */

/** A change this process made to a collection after reads that started before it may not show. */
interface Change {
  seq: number;
  id: string;
  /** The object made, or undefined when it was deleted. */
  item?: unknown;
}

interface Slot {
  /** The last list read, with this process's later changes applied. */
  items?: unknown[];
  /** Whether every one of `items` has its id: scanned once per read, then kept through the changes (asked at every delete: `gone.ts`). */
  everyHasId?: boolean;
  running?: Promise<unknown[]>;
  queued?: Promise<unknown[]>;
  /** Reads under way (shared or a create's own): the changes they may miss are kept until they answer. */
  reading: number;
  changes: Change[];
  /** DELETEs of this process on the collection not answered yet (see {@link deleting}). */
  deleting: number;
  /** The proof read the deletes waiting for the others share, started when the last DELETE answers. */
  proof?: Proof;
  /** The most deletes one proof read has proven on the collection in this process (see {@link gather}). */
  widest: number;
  /** False once an object's own read after its DELETE answered a 404 that is not the API's (see `gone.ts`). */
  ownReadProves?: boolean;
}

interface Proof {
  promise: Promise<unknown[]>;
  settle(read: Promise<unknown[]>): void;
  since: number;
  /** The deletes waiting for it. */
  waiting: number;
}

const slots = new Map<string, Slot>();
let seq = 0;

/** The run's reads of single objects (a tile alert's dashboard), by the same key. */
const objects = new Map<string, Promise<unknown>>();

/** What other modules remember for the run, forgotten with the snapshots (see {@link onForget}). */
const forgetters = new Set<() => void>();

/** Registers `forget`, run by {@link forgetSnapshots}: a module's run memory that a new process would not have. */
export function onForget(forget: () => void): void {
  forgetters.add(forget);
}

/** Forgets every snapshot, as a new provider process would start (tests run many "processes" in one). */
export function forgetSnapshots(): void {
  forgetChecks();
  for (const forget of forgetters) forget();
  slots.clear();
  objects.clear();
  writes.clear();
}

const digests = new WeakMap<ApiClient, string>();

function keyOf(c: Collection): string {
  let who = digests.get(c.client);
  // The key holds no credential: a digest of the authorization tells two accounts apart.
  if (!who) digests.set(c.client, (who = createHash("sha256").update(c.client.surface.authorization).digest("base64url").slice(0, 22)));
  return `${who} ${c.client.surface.baseUrl}${c.path}`;
}

function slotOf(c: Collection): Slot {
  const key = keyOf(c);
  let s = slots.get(key);
  if (!s) slots.set(key, (s = { reading: 0, changes: [], deleting: 0, widest: 0 }));
  return s;
}

/** `items` with `changes` applied: made objects put in (replacing their id), deleted ones taken out. Pure. */
export function applied(items: readonly unknown[], changes: readonly Change[]): unknown[] {
  if (changes.length === 0) return [...items];
  const last = new Map<string, Change>();
  for (const c of changes) last.set(c.id, c);
  const out = items.filter((i) => {
    const id = idOf(i);
    return id === undefined || !last.has(id);
  });
  for (const c of last.values()) if (c.item !== undefined) out.push(c.item);
  return out;
}

/** Starts a read that becomes the snapshot when it answers, with the changes made since it started applied. */
function start(c: Collection, s: Slot, budget?: RetryBudget): Promise<unknown[]> {
  const from = seq;
  s.reading += 1;
  const read = readAll(c, budget).then(
    (items) => {
      s.reading -= 1;
      s.items = applied(
        items,
        s.changes.filter((ch) => ch.seq > from),
      );
      s.everyHasId = s.items.every((i) => idOf(i) !== undefined);
      return s.items;
    },
    (err: unknown) => {
      s.reading -= 1;
      throw err;
    },
  );
  if (budget) return read;
  s.running = read;
  const done = () => {
    if (s.running === read) s.running = undefined;
  };
  read.then(done, done);
  return read;
}

/**
 * The run's snapshot of the collection: the last read, or the one under way, or a new one when
 * there is none (a failed read is not kept: the next caller reads again).
 */
export function snapshot(c: Collection): Promise<unknown[]> {
  const s = slotOf(c);
  if (s.items) return Promise.resolve(s.items);
  return s.running ?? freshList(c);
}

/**
 * A read of the collection that starts after this call: the one waiting to start, if any, shared
 * by every caller meanwhile. With `budget` (a create's own requests) it is a read of its own.
 * Either becomes the snapshot.
 */
export function freshList(c: Collection, budget?: RetryBudget): Promise<unknown[]> {
  const s = slotOf(c);
  if (budget) return start(c, s, budget);
  if (s.queued) return s.queued;
  if (!s.running) return start(c, s);
  const ignore = () => undefined;
  const next = s.running.then(ignore, ignore).then(() => {
    s.queued = undefined;
    return start(c, s);
  });
  s.queued = next;
  return next;
}

/** A DELETE of this process under way on a collection (see {@link deleting}). */
export interface DeleteUnderWay {
  /** The DELETE answered: the read that proves it, shared with the other deletes (see {@link listedAfterDeletes}). */
  proof(): Promise<unknown[]>;
  /** The DELETE failed, or its proof is read otherwise: no read waits for it. Idempotent. */
  done(): void;
}

/**
 * Marks a DELETE of this process on the collection as under way. The engine runs a destroy's
 * deletes side by side (8 at a time by default), and each is proven by a list read that starts
 * after its DELETE answered: read as each answers, 40 deletes cost 10 to 28 reads. The proof
 * waits for the other DELETEs under way instead, and one read proves them all.
 */
export function deleting(c: Collection): DeleteUnderWay {
  const s = slotOf(c);
  s.deleting += 1;
  let open = true;
  const done = () => {
    if (!open) return;
    open = false;
    s.deleting -= 1;
    if (s.deleting === 0 && s.proof) gather(c, s, s.proof);
  };
  return {
    proof() {
      // Joined before this DELETE is counted answered: the last one shares the read it starts.
      const read = proofOf(s, true);
      done();
      return read;
    },
    done,
  };
}

/**
 * How long the proof waits, once no DELETE is under way, for more to start, and at most in all.
 * The engine starts a destroy's next deletes as the last ones finish, one after the other (each
 * finished step is written to the state first): read at once, each wave of 8 took 2 or 3 reads.
 * No wait when as many deletes wait as one proof ever proved ({@link startsAtOnce}).
 */
export const GATHER_MS = 100;
export const GATHER_MOST_MS = 2_000;

/**
 * True when the proof should be read at once: as many deletes wait for it as the widest proof of
 * the collection so far proved, so every step the engine runs at a time on it waits (a destroy's
 * wave, 8 at `--parallel 8`) and none will start before this read answers. Waiting then only
 * delays the whole wave: at 150 ms per request it was a third of a destroy's time. A first wave,
 * or a wave narrower than the widest, still waits for more (their number is not known yet). Pure.
 */
export function startsAtOnce(waiting: number, widest: number): boolean {
  return widest > 1 && waiting >= widest;
}

/** Starts the proof read once no DELETE has been under way for {@link GATHER_MS} (or waited too long, or every step waits). */
function gather(c: Collection, s: Slot, proof: Proof): void {
  const settle = () => {
    if (s.proof !== proof) return;
    s.proof = undefined;
    s.widest = Math.max(s.widest, proof.waiting);
    proof.settle(freshList(c));
  };
  if (startsAtOnce(proof.waiting, s.widest) || Date.now() - proof.since >= GATHER_MOST_MS) return settle();
  setTimeout(() => {
    // A DELETE started meanwhile: the proof waits for it, and is gathered again when it answers.
    if (s.deleting === 0) settle();
  }, GATHER_MS);
}

/** The proof read the deletes under way share, made when none is waiting yet; `waits` counts one more delete waiting for it. */
function proofOf(s: Slot, waits = false): Promise<unknown[]> {
  if (!s.proof) {
    let settle!: (read: Promise<unknown[]>) => void;
    const promise = new Promise<unknown[]>((resolve) => (settle = resolve));
    s.proof = { promise, settle, since: Date.now(), waiting: 0 };
  }
  if (waits) s.proof.waiting += 1;
  return s.proof.promise;
}

/**
 * A read of the collection that starts after this call and after every DELETE of this process on
 * it under way now has answered, shared by every delete waiting: one read proves them all. With
 * none under way, {@link freshList}.
 */
export function listedAfterDeletes(c: Collection): Promise<unknown[]> {
  const s = slotOf(c);
  return s.deleting === 0 && !s.proof ? freshList(c) : proofOf(s);
}

/**
 * True when a read of this process listed the collection (every page, in the API's envelope) and
 * every item of it, with this process's later changes applied, has its id; false when no read of
 * it has answered yet. One scan per read, not one per call: a destroy asks it at every delete.
 */
export function lastListedWithIds(c: Collection): boolean {
  const s = slotOf(c);
  return s.items !== undefined && s.everyHasId === true;
}

/** Whether an object's own 404 after its DELETE may prove it gone here: not once one was a plain-text 404 (`gone.ts`). */
export function ownReadMayProve(c: Collection): boolean {
  return slotOf(c).ownReadProves !== false;
}

/** Records that an object's own read after its DELETE answered a 404 that proves nothing: the collection proves the next ones. */
export function ownReadProvesNothing(c: Collection): void {
  slotOf(c).ownReadProves = false;
}

/** Records an object this process made (`item`, with its id) or proved gone (`item` undefined) in the snapshot. */
export function noteChange(c: Collection, id: string, item?: unknown): void {
  const s = slotOf(c);
  const change = { seq: ++seq, id, item };
  s.changes.push(change);
  if (s.items) {
    s.items = applied(s.items, [change]);
    // A change takes out only items with ids, and puts in `item`: the answer of the read's scan, kept exact.
    s.everyHasId = s.everyHasId === true && (item === undefined || idOf(item) !== undefined);
  }
  // With no read under way, every later read starts after this change: none needs it.
  if (s.reading === 0) s.changes = [];
}

/**
 * The run's read of one object at `path` (a dashboard every tile alert on it reads), shared by
 * every caller of the process; `fresh` reads it again (when the shared read cannot answer: a
 * tile not found on it). Says whether the value is of a read this call started. A failed read is
 * not kept.
 */
export async function sharedObject(client: ApiClient, path: string, read: () => Promise<unknown>, fresh = false): Promise<{ value: unknown; fresh: boolean }> {
  const key = keyOf({ client, path });
  const known = fresh ? undefined : objects.get(key);
  if (known) return { value: await known, fresh: false };
  const reading = read();
  objects.set(key, reading);
  reading.catch(() => {
    if (objects.get(key) === reading) objects.delete(key);
  });
  return { value: await reading, fresh: true };
}

/**
 * The objects this process wrote, as their writes answered, by the same key; `seq` tells one write
 * from the next. Kept on the process, not the module: a host may load the package twice (through a
 * link and its real path), one copy writing the dashboard and the other creating its alerts.
 */
const WRITES: unique symbol = Symbol.for("pulumi-pipestack.objects-written");
const writesHolder = globalThis as typeof globalThis & { [WRITES]?: { seq: number; byKey: Map<string, { value: unknown; seq: number }> } };
const written = (writesHolder[WRITES] ??= { seq: 0, byKey: new Map<string, { value: unknown; seq: number }>() });
const writes = written.byKey;

/** Records the object at `path` as this process last wrote it (the answer of its PUT). */
export function noteObject(client: ApiClient, path: string, value: unknown): void {
  const key = keyOf({ client, path });
  objects.set(key, Promise.resolve(value));
  if (value === undefined) writes.delete(key);
  else writes.set(key, { value, seq: ++written.seq });
}

/** The object at `path` as this process last wrote it, if it did (what a tile alert aims at: see `resources/stack-dashboard/alert-tile.ts`). */
export function writtenObject(client: ApiClient, path: string): { value: unknown; seq: number } | undefined {
  return writes.get(keyOf({ client, path }));
}
