/**
 * The type tokens of this package's resources, as the engine, the state and policy packs see
 * them. A dynamic resource's token is `pulumi-nodejs:dynamic/<module>:<type>` (built by
 * @pulumi/pulumi's `dynamic.Resource` from the module and type each class passes it), so these
 * are fixed by what the classes pass, and kept here in one place so that the two cannot drift.
 */
export const RESOURCE_MODULE = "pipestack";

/** Resource type names, as each class passes them to `dynamic.Resource`. */
export type ResourceTypeName = "Pipe" | "StackDashboard" | "StackAlert" | "StackSavedSearch" | "ReversePrivateEndpoint";

export const typeTokens = {
  Pipe: "pulumi-nodejs:dynamic/pipestack:Pipe",
  StackDashboard: "pulumi-nodejs:dynamic/pipestack:StackDashboard",
  StackAlert: "pulumi-nodejs:dynamic/pipestack:StackAlert",
  StackSavedSearch: "pulumi-nodejs:dynamic/pipestack:StackSavedSearch",
  ReversePrivateEndpoint: "pulumi-nodejs:dynamic/pipestack:ReversePrivateEndpoint",
} as const satisfies Record<ResourceTypeName, `pulumi-nodejs:dynamic/${typeof RESOURCE_MODULE}:${ResourceTypeName}`>;

/** A resource's token on the native face (`pipestack:index:Pipe`): the plugin's schema declares it so. */
export const nativeTypeToken = <N extends ResourceTypeName>(name: N): `${typeof RESOURCE_MODULE}:index:${N}` => `${RESOURCE_MODULE}:index:${name}`;

/** Both faces' tokens of each resource, for what reads a preview or a state of either. */
export const typeTokensOfBothFaces: readonly (readonly [ResourceTypeName, string])[] = (Object.keys(typeTokens) as ResourceTypeName[]).flatMap((name) => [
  [name, typeTokens[name]] as const,
  [name, nativeTypeToken(name)] as const,
]);

/** True when `obj` is a resource registered under `token` (works across copies of the package). */
export function hasTypeToken(obj: unknown, token: string): boolean {
  return obj !== null && typeof obj === "object" && (obj as { __pulumiType?: unknown }).__pulumiType === token;
}
