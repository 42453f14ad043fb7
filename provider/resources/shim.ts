import type * as dynamic from "@pulumi/pulumi/dynamic";

/**
 * The serialized provider: a thin shim whose every method requires the installed engine by a
 * stable path and delegates to it. Its text is stored in every resource's state, so it captures
 * nothing but the path: no client, no configuration, no secret. Never rename that path: old
 * states have it written in.
 */
export function shim(engine: "pipe" | "stack-dashboard" | "stack-alert"): dynamic.ResourceProvider {
  const modulePath = `pulumi-pipestack/engine/${engine}`;
  return {
    configure: (req) => require(modulePath).provider.configure(req),
    check: (olds, news) => require(modulePath).provider.check(olds, news),
    diff: (id, olds, news) => require(modulePath).provider.diff(id, olds, news),
    create: (inputs) => require(modulePath).provider.create(inputs),
    read: (id, props) => require(modulePath).provider.read(id, props),
    update: (id, olds, news) => require(modulePath).provider.update(id, olds, news),
    delete: (id, props) => require(modulePath).provider.delete(id, props),
  };
}
