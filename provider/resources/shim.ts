import type * as dynamic from "@pulumi/pulumi/dynamic";

/**
 * The serialized provider: a thin shim whose every method requires the installed engine by a
 * stable path and delegates to it. Its text is stored in every resource's state, so it captures
 * nothing but the path: no client, no configuration, no secret. Never rename that path: old
 * states have it written in.
 */
export function shim(engine: Engine): dynamic.ResourceProvider {
  // One object per engine: the SDK caches a provider's serialized text by object identity, so
  // a program with hundreds of resources serializes each shim once, not once per resource.
  let provider = shims.get(engine);
  if (!provider) shims.set(engine, (provider = makeShim(engine)));
  return provider;
}

type Engine = "pipe" | "stack-dashboard" | "stack-alert";
const shims = new Map<Engine, dynamic.ResourceProvider>();

function makeShim(engine: Engine): dynamic.ResourceProvider {
  // Short names on purpose: this text is stored with every resource, on every update.
  const m = `pulumi-pipestack/engine/${engine}`;
  const e = () => require(m).provider;
  return {
    configure: (...a) => e().configure(...a),
    check: (...a) => e().check(...a),
    diff: (...a) => e().diff(...a),
    create: (...a) => e().create(...a),
    read: (...a) => e().read(...a),
    update: (...a) => e().update(...a),
    delete: (...a) => e().delete(...a),
  };
}
