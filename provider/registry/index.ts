import { pipe } from "../resources/pipe";
import { reversePrivateEndpoint } from "../resources/reverse-private-endpoint";
import { stackAlert } from "../resources/stack-alert";
import { stackDashboard } from "../resources/stack-dashboard";
import { stackSavedSearch } from "../resources/stack-saved-search";
import { stackWebhook } from "../resources/stack-webhook";
import { stackConnection } from "../resources/stack-connection";
import { stackSource } from "../resources/stack-source";
import { dynamicTypeToken, nativeTypeToken } from "../resource-class/type-tokens";

/**
 * The registry: every resource kind of the package, one line each. Every list of kinds is worked
 * out from it (type tokens of both faces, the engines the shim loads and the package exports, the
 * native plugin's resources, the PR summary's kinds, the reference pages, the tests' engines).
 */
export const registry = [pipe, reversePrivateEndpoint, stackDashboard, stackAlert, stackSavedSearch, stackWebhook, stackConnection, stackSource] as const;

/** A kind's definition, by its type name. */
export type Registered = (typeof registry)[number];
/** The type names, as each class passes them to `dynamic.Resource` (`Pipe`, `StackAlert`, ...). */
export type ResourceTypeName = Registered["type"];
/** The frozen engine paths (`pulumi-pipestack/engine/<name>`). */
export type EngineName = Registered["engine"];

/** The definition of the kind named `type`. */
export function definitionOf<N extends ResourceTypeName>(type: N): Extract<Registered, { type: N }> {
  return registry.find((d) => d.type === type) as Extract<Registered, { type: N }>;
}

/** The dynamic face's type token of each kind (`pulumi-nodejs:dynamic/pipestack:Pipe`): what policy packs match on. */
export const typeTokens = Object.fromEntries(registry.map((d) => [d.type, dynamicTypeToken(d.type)])) as {
  readonly [N in ResourceTypeName]: ReturnType<typeof dynamicTypeToken<N>>;
};

/** Both faces' tokens of each kind, for what reads a preview or a state of either. */
export const typeTokensOfBothFaces: readonly (readonly [ResourceTypeName, string])[] = registry.flatMap((d) => [
  [d.type, dynamicTypeToken(d.type)] as const,
  [d.type, nativeTypeToken(d.type)] as const,
]);
