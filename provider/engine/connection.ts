import type * as dynamic from "@pulumi/pulumi/dynamic";
import { withConnection, type Settings } from "../config";
import { CONNECTION_KEY, connectionShape, type Connection } from "../schemas/connection";
import type { PolicyTree } from "../schemas/field-policy";
import { containsUnknown, isUnknown, UNKNOWN } from "../schemas/unknown";
import { isObj, sameValue } from "./canonical";
import { engineSettings } from "./engine-settings";
import type { Diff } from "./field-diff";
import { ResourceInitError } from "../errors/operation-errors";
import { blankingErrors } from "./blank-errors";
import { printable } from "../errors/printable";
import { inProviderHost, startWatchdog } from "./watchdog";
import { quietHostPrints } from "./quiet-refusals";
import { startEngineLog } from "../progress/engine-log";
import { followHostUrns } from "../progress/dynamic-host-urns";
import type { Obj } from "../schemas/plain-object";

/**
 * The engine side of a resource's `connection` input, in one place: the settings a resource
 * talks with, the check of the connection, and {@link connected}, which carries the connection
 * from inputs into outputs (so that read, refresh and delete reach the same account without any
 * stack config) and reports a change of it as an update. The connection arrives as a secret
 * input, so the engine keeps it encrypted in state, inputs and outputs alike.
 */

const FIELDS = Object.keys(connectionShape) as (keyof Connection)[];

/** The connection a resource's props hold, known string fields only, in a fixed key order. */
export function connectionOf(props: unknown): Connection | undefined {
  const raw = isObj(props) ? props[CONNECTION_KEY] : undefined;
  if (!isObj(raw)) return undefined;
  const out: Obj = {};
  for (const k of FIELDS) if (typeof raw[k] === "string" && raw[k] !== "") out[k] = raw[k];
  return Object.keys(out).length ? out : undefined;
}

/** Overlaid settings per base settings object and connection: the same object back each call keeps the API client caches warm. */
const overlays = new WeakMap<Settings, Map<string, Settings>>();

/**
 * The settings of one resource: its connection over the engine's settings (stack config, then
 * environment). A connection not known yet (a preview; the engine sends the whole property as
 * one unknown value) may name any organization, service or stack server: those read as unknown,
 * so `check` pins unknown places and the preview shows a possible move, never a wrong one.
 */
export function settingsFor(props: unknown, base: Settings = engineSettings()): Settings {
  if (isObj(props) && isUnknown(props[CONNECTION_KEY])) return { ...base, organizationId: UNKNOWN, serviceId: UNKNOWN, stackUrl: UNKNOWN };
  const connection = connectionOf(props);
  if (!connection) return base;
  let byConnection = overlays.get(base);
  if (!byConnection) overlays.set(base, (byConnection = new Map<string, Settings>()));
  // The key holds credentials: it lives only in this process's memory, like the settings do.
  const key = JSON.stringify(connection);
  let settings = byConnection.get(key);
  if (!settings) byConnection.set(key, (settings = withConnection(base, connection)));
  return settings;
}

/** True when the connection differs between the old outputs and the new inputs (an unknown one does). */
export function connectionChanged(olds: unknown, news: unknown): boolean {
  const at = (p: unknown) => (isObj(p) ? p[CONNECTION_KEY] : undefined);
  if (containsUnknown(at(news))) return true;
  return !sameValue(connectionOf(olds) ?? null, connectionOf(news) ?? null);
}

/** `outs` with the connection of `from` (the inputs, or the old outputs of a read) written in. */
function carry<T>(outs: T, from: unknown): T {
  const connection = isObj(from) ? from[CONNECTION_KEY] : undefined;
  if (connection === undefined || connection === null || !isObj(outs)) return outs;
  return { ...outs, [CONNECTION_KEY]: connection };
}

/** A whole provider: every operation the engine calls, `diff` with its changed paths. */
export type Provider<I, O> = Required<Pick<dynamic.ResourceProvider<I, O>, "check" | "create" | "read" | "update" | "delete">> & {
  configure: NonNullable<dynamic.ResourceProvider<I, O>["configure"]>;
  diff(id: string, olds: O, news: I): Promise<Diff>;
};

/**
 * A resource's provider with its connection handled (and its errors blanked of the secret fields
 * of its policy `tree`): the outputs of create, update and read keep
 * it (also those an object created but not ready is recorded with), and a changed connection is an
 * in-place update that rewrites it in state. It never replaces by itself: a connection naming
 * another organization or service changes the pinned `organizationId` / `serviceId` (or
 * `stackUrl`), whose own rule replaces.
 */
export function connected<I, O>(tree: PolicyTree, p: Provider<I, O>): Provider<I, O> {
  return blankingAll(tree, carrying(p));
}

/**
 * Every operation's error blanked of the credentials it knows, the secret fields of `tree` in
 * its old and new properties among them (see `blank-errors.ts`); the engine-gone watchdog
 * started with the first `configure` (see `watchdog.ts`).
 */
function blankingAll<I, O>(tree: PolicyTree, p: Provider<I, O>): Provider<I, O> {
  return {
    configure: (req) => {
      startWatchdog();
      if (inProviderHost()) {
        quietHostPrints();
        startEngineLog(process.argv.slice(2));
        followHostUrns(process.argv[1]);
      }
      return blankingErrors(tree, [], () => p.configure(req));
    },
    check: (olds, news) => blankingErrors(tree, [olds, news], async () => shownFailures(await p.check(olds, news))),
    diff: (id, olds, news) => blankingErrors(tree, [olds, news], () => p.diff(id, olds, news)),
    create: (inputs) => blankingErrors(tree, [inputs], () => p.create(inputs)),
    read: (id, props) => blankingErrors(tree, [props], () => p.read(id, props)),
    update: (id, olds, news) => blankingErrors(tree, [olds, news], () => p.update(id, olds, news)),
    delete: (id, props) => blankingErrors(tree, [props], () => p.delete(id, props)),
  };
}

/** A check's failures as the terminal shows them: a program's value quoted in a reason drives no terminal. */
function shownFailures<R extends { failures?: { property: string; reason: string }[] }>(result: R): R {
  if (!result.failures?.length) return result;
  return { ...result, failures: result.failures.map((f) => ({ property: printable(f.property), reason: printable(f.reason, "keep line feeds") })) };
}

function carrying<I, O>(p: Provider<I, O>): Provider<I, O> {
  return {
    ...p,
    diff: async (id, olds, news) => {
      const d = await p.diff(id, olds, news);
      if (!connectionChanged(olds, news)) return d;
      // `undefined` (the engine compares inputs itself) stays so: the connection is among them.
      return { ...d, changes: d.changes === undefined ? undefined : true, diffs: [...d.diffs, { path: CONNECTION_KEY, kind: "update" }] };
    },
    create: async (inputs) => {
      try {
        const r = await p.create(inputs);
        return { ...r, outs: carry(r.outs, inputs) };
      } catch (err) {
        // The engine records such an object with these properties: its delete must reach the same account.
        if (err instanceof ResourceInitError) Object.assign(err.properties, carry({}, inputs));
        throw err;
      }
    },
    update: async (id, olds, news) => {
      try {
        const r = await p.update(id, olds, news);
        return { ...r, outs: carry(r.outs, news) };
      } catch (err) {
        if (err instanceof ResourceInitError) Object.assign(err.properties, carry({}, news));
        throw err;
      }
    },
    read: async (id, props) => {
      const r = await p.read(id, props);
      return r.id ? { ...r, props: carry(r.props, props) } : r;
    },
  };
}
