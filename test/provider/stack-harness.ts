/**
 * Drives the stack providers as the engine does (check, then create or diff + update) against an
 * emulator over HTTP, on either target. No assertions live here.
 */
import { startEmulator, type Emulator } from "../../emulator/index";
import { configureWith } from "../unit/stack-fixtures";

/** Credentials the emulator accepts; tests search every output and error for them. */
export const KEY_SECRET = "cloud-key-secret-5f1c9a77";
export const STACK_TOKEN = "stack-token-8d2e47b1";

export type TargetKind = "cloud" | "server";
export const TARGETS: TargetKind[] = ["cloud", "server"];

export function start(): Promise<Emulator> {
  return startEmulator({ port: 0, stepMs: 0, retryAfterSeconds: 0, keySecret: KEY_SECRET, stackToken: STACK_TOKEN });
}

/**
 * The stack config of a target. Both credentials are always there (a user with both); only
 * `stackUrl` tells the server target from the cloud one.
 */
export function configFor(kind: TargetKind, emulator: Emulator, over: Record<string, string> = {}): Record<string, string> {
  const common = {
    apiUrl: emulator.url,
    keyId: emulator.options.keyId,
    keySecret: KEY_SECRET,
    organizationId: emulator.options.organizationId,
    serviceId: emulator.options.serviceId,
    stackToken: STACK_TOKEN,
    retryBaseDelayMs: "0",
    maxRetries: "1",
  };
  return { ...common, ...(kind === "server" ? { stackUrl: emulator.url } : {}), ...over };
}

export function useTarget(kind: TargetKind, emulator: Emulator, over: Record<string, string> = {}): void {
  configureWith(configFor(kind, emulator, over));
}

type Obj = Record<string, any>;

/** One engine-facing provider module (`provider/impl/stack-*.ts`). */
export interface Impl {
  check(olds: Obj, news: Obj): Promise<{ inputs?: Obj; failures?: { property: string; reason: string }[] }>;
  diff(id: string, olds: Obj, news: Obj): Promise<{ changes?: boolean; replaces?: string[]; diffs: { path: string; kind: string; detail?: string }[] }>;
  create(inputs: Obj): Promise<{ id: string; outs?: Obj }>;
  read(id: string, props: Obj): Promise<{ id?: string; props?: Obj }>;
  update(id: string, olds: Obj, news: Obj): Promise<{ outs?: Obj }>;
  delete(id: string, props: Obj): Promise<void>;
}

/** A deployed object as state keeps it. */
export interface Deployed {
  id: string;
  outs: Obj;
}

/** `check`, failing loudly with its failures. */
export async function checked(impl: Impl, inputs: Obj): Promise<Obj> {
  const result = await impl.check({}, inputs);
  if (result.failures?.length) throw new Error(`check failed: ${JSON.stringify(result.failures)}`);
  return result.inputs!;
}

/** `pulumi up` of one object: create it, or diff and update it; also returns the diff seen. */
export async function up(impl: Impl, inputs: Obj, prior?: Deployed): Promise<Deployed & { diff?: Awaited<ReturnType<Impl["diff"]>> }> {
  const news = await checked(impl, inputs);
  if (!prior) {
    const { id, outs } = await impl.create(news);
    return { id, outs: outs ?? {} };
  }
  const diff = await impl.diff(prior.id, prior.outs, news);
  if (!diff.changes) return { ...prior, diff };
  if (diff.replaces?.length) throw new Error(`unexpected replacement of ${diff.replaces.join(", ")}`);
  const { outs } = await impl.update(prior.id, prior.outs, news);
  return { id: prior.id, outs: outs ?? {}, diff };
}

/** `pulumi preview` right after `up`: the diff of the stored outputs against the same program. */
export async function preview(impl: Impl, inputs: Obj, state: Deployed) {
  return impl.diff(state.id, state.outs, await checked(impl, inputs));
}

/** The emulator's stored dashboards and alerts of a target's stack. */
export function stackOf(emulator: Emulator, kind: TargetKind): { dashboards: Obj[]; alerts: Obj[] } {
  const state = emulator.control.state() as Obj;
  return kind === "server" ? state.stack : state.services[emulator.options.serviceId].stack;
}

/** The raw API of a target, for changes made behind the provider's back. */
export function rawCall(emulator: Emulator, kind: TargetKind, method: string, path: string, body?: unknown): Promise<Response> {
  const { organizationId, serviceId, keyId } = emulator.options;
  const url =
    kind === "server"
      ? `${emulator.url}/api/v2${path}`
      : `${emulator.url}/v1/organizations/${organizationId}/services/${serviceId}/stack${path}`;
  const authorization = kind === "server" ? `Bearer ${STACK_TOKEN}` : `Basic ${Buffer.from(`${keyId}:${KEY_SECRET}`).toString("base64")}`;
  const headers: Record<string, string> = { authorization };
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
