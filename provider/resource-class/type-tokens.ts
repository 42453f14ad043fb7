/**
 * The type tokens of this package's resources, as the engine, the state and policy packs see
 * them. A dynamic resource's token is `pulumi-nodejs:dynamic/<module>:<type>` (built by
 * @pulumi/pulumi's `dynamic.Resource` from the module and type each class passes it), so these
 * are fixed by what the classes pass; the list of them comes from the registry.
 */
export const RESOURCE_MODULE = "pipestack";

/** A resource's token on the dynamic face (`pulumi-nodejs:dynamic/pipestack:Pipe`). */
export const dynamicTypeToken = <N extends string>(name: N): `pulumi-nodejs:dynamic/${typeof RESOURCE_MODULE}:${N}` =>
  `pulumi-nodejs:dynamic/${RESOURCE_MODULE}:${name}`;

/** A resource's token on the native face (`pipestack:index:Pipe`): the plugin's schema declares it so. */
export const nativeTypeToken = <N extends string>(name: N): `${typeof RESOURCE_MODULE}:index:${N}` => `${RESOURCE_MODULE}:index:${name}`;

/** True when `obj` is a resource registered under `token` (works across copies of the package). */
export function hasTypeToken(obj: unknown, token: string): boolean {
  return obj !== null && typeof obj === "object" && (obj as { __pulumiType?: unknown }).__pulumiType === token;
}
