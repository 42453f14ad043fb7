import type * as dynamic from "@pulumi/pulumi/dynamic";

/**
 * The serialized provider: the smallest object that loads the installed engine by its stable
 * path. Its text is stored twice (inputs and outputs) in every resource's state and the file
 * backend rewrites the state after every step, so each byte counts: it captures nothing but the
 * path (no client, no configuration, no secret). Never rename that path: old states have it
 * written in, and their own (older, larger) shim text keeps calling `require(path).provider`.
 */
export function shim(engine: Engine): dynamic.ResourceProvider {
  // One object per engine: the SDK caches a provider's serialized text by object identity, so
  // a program with hundreds of resources serializes each shim once, not once per resource.
  let provider = shims.get(engine);
  if (!provider) shims.set(engine, (provider = makeShim(engine)));
  return provider;
}

/** The engine a kind's shim loads: a frozen `pulumi-pipestack/engine/<name>` path (the registry lists them). */
export type Engine = string;
const shims = new Map<Engine, dynamic.ResourceProvider>();

function makeShim(engine: Engine): dynamic.ResourceProvider {
  const m = `pulumi-pipestack/engine/${engine}`;
  // One method instead of seven delegating closures (about 2 KB of text down to about 0.5 KB):
  // the dynamic-provider process always calls `configure` first, once per provider text, right
  // after loading it (SDK 3.139 and later), so `configure` copies the engine's methods onto this
  // very object, which the process keeps and calls for check, diff, create, read, update and
  // delete. The program side never calls a provider method.
  const p: Record<string, unknown> = {};
  p.configure = (r: unknown) => (Object.assign(p, require(m).provider), (p.configure as (r: unknown) => unknown)(r));
  return p as unknown as dynamic.ResourceProvider;
}
