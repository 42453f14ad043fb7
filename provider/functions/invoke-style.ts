import * as pulumi from "@pulumi/pulumi";

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
  return pulumi.all([pulumi.output(args ?? ({} as A)), settled(opts?.dependsOn)]).apply(([a]) => run(a as A));
}

/**
 * Resolves once every resource of `dependsOn` (a resource, a list, or Inputs of either) is
 * created: a custom resource's id, else its URN, is known.
 */
function settled(dep: unknown): pulumi.Output<unknown> {
  if (dep === undefined || dep === null) return pulumi.output(null);
  if (Array.isArray(dep)) return pulumi.all(dep.map(settled));
  if (pulumi.Output.isInstance(dep)) return (dep).apply(settled);
  if (dep instanceof Promise) return pulumi.output(null).apply(async () => settled(await dep));
  // Not pulumi.output(resource): that would walk the resource's own properties.
  if (pulumi.CustomResource.isInstance(dep)) return dep.id;
  if (pulumi.Resource.isInstance(dep)) return dep.urn;
  throw new Error(`dependsOn takes resources, not ${typeof dep}`);
}

/**
 * Prefixes the errors of reading settings and arguments with the function's name, so that
 * "pipestack:serviceId is not set ..." says which call needed it. API errors pass as they are
 * (their message already names the request).
 */
export function named<T>(fn: string, step: () => T): T {
  try {
    return step();
  } catch (err) {
    throw new Error(`${fn}: ${(err as Error).message}`);
  }
}
