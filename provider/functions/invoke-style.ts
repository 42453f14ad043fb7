import * as pulumi from "@pulumi/pulumi";
import { InvalidArgumentError } from "../errors/operation-errors";

/**
 * The two forms of every function, as generated Pulumi SDKs have them: `getX(args, opts)` runs at
 * once and returns a Promise; `getXOutput(args, opts)` takes Inputs, waits for them and for
 * `opts.dependsOn`, and returns an Output (unknown in a preview while any of them is).
 *
 * Our functions call the service's API from the program, not through a provider, so of the
 * invoke options only `dependsOn` changes anything; the others are accepted for the convention.
 */
export function outputForm<A, T>(
  args: pulumi.Input<A> | undefined,
  opts: pulumi.InvokeOutputOptions | undefined,
  run: (args: A) => Promise<T>,
): pulumi.Output<T> {
  const { connection, rest } = splitConnection(args);
  // The answer is not made from the connection's credentials: their secretness stays with them,
  // or every list a call with a secret key returned would be a secret too.
  const plainConnection = pulumi.unsecret(pulumi.output(connection));
  return pulumi
    .all([pulumi.output(rest ?? ({} as A)), plainConnection, settled(opts?.dependsOn)])
    .apply(([a, c]) => run((c === undefined ? a : { ...(a as object), connection: c }) as A));
}

/** A plain args object's `connection` apart from its other fields (args that are one Output stay whole). */
function splitConnection<A>(args: pulumi.Input<A> | undefined): { connection: unknown; rest: pulumi.Input<A> | undefined } {
  if (args === null || typeof args !== "object" || pulumi.Output.isInstance(args) || args instanceof Promise || !("connection" in args)) {
    return { connection: undefined, rest: args };
  }
  const { connection, ...rest } = args as Record<string, unknown>;
  return { connection, rest: rest as pulumi.Input<A> };
}

/**
 * Resolves once every resource of `dependsOn` (a resource, a list, or Inputs of either) is
 * created: a custom resource's id, else its URN, is known.
 */
function settled(dep: unknown): pulumi.Output<unknown> {
  if (dep === undefined || dep === null) return pulumi.output(null);
  if (Array.isArray(dep)) return pulumi.all(dep.map(settled));
  if (pulumi.Output.isInstance(dep)) return dep.apply(settled);
  if (dep instanceof Promise) return pulumi.output(null).apply(async () => settled(await dep));
  // Not pulumi.output(resource): that would walk the resource's own properties.
  if (pulumi.CustomResource.isInstance(dep)) return dep.id;
  if (pulumi.Resource.isInstance(dep)) return dep.urn;
  throw new InvalidArgumentError(`dependsOn takes resources, not ${typeof dep}`);
}
