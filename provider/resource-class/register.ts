import * as pulumi from "@pulumi/pulumi";
import { locateSecrets, type AnyNode, type ComputedFields, type PolicyTree } from "../schemas/field-policy";
import type { Obj } from "../schemas/plain-object";
import type { SecretLocations } from "../schemas/secret-split";
import { connectionInput, connectionOptions, type ConnectionInput } from "./connection";
import { providerText } from "./shim";
import { splitSecretsInput } from "./split-secrets";

/**
 * What a resource class registers, worked out from the resource's field policy (the one that
 * already drives diff, request bodies and read-back), so a field the schema types and documents
 * cannot be left out of the class: one list of inputs per resource.
 */
export interface ClassSpec {
  /** The type name, as the state and policy packs see it (`pulumi-nodejs:dynamic/pipestack:<type>`). */
  readonly type: string;
  /** The engine the serialized provider loads (a frozen `pulumi-pipestack/engine/<name>` path). */
  readonly engine: string;
  /** `name` defaults to the resource name. */
  readonly named?: true;
  /** Every field of the resource's schema with its life cycle (`satisfies FieldPolicy<...>`). */
  readonly policy: PolicyTree;
  /** Outputs only the server or the engine writes (`state`, `createdAt`, `tileIds`): placeholders. */
  readonly computed: ComputedFields;
  /**
   * A field whose secret fields (policy `secret`) travel apart, in a property of their own, so that
   * the rest of the field stays readable in previews (`source` -> `sourceSecrets`).
   */
  readonly secretsApart?: { readonly field: string; readonly into: string };
}

/** A spec whose policy has a rule for every key of `A` (a kind's schema input; `connection` aside): a field the policy lacks does not compile. */
export type SpecFor<A> = ClassSpec & { readonly policy: { readonly [K in Exclude<keyof A, keyof ConnectionInput>]-?: AnyNode } };

/**
 * The properties a class passes to the SDK: each field of the policy the program set; each
 * field the class exposes as an output (set or not: the SDK makes an output only for a key it
 * is given); the server's outputs as placeholders; `connection` when set. A field that is only an
 * instruction to the provider (`inputOnly`: `adoptId`, `waitTimeoutSeconds`) is left out when
 * unset, so no output is made for it. Secret material is marked secret before the SDK sees it.
 */
function registeredProps(spec: ClassSpec, args: ConnectionInput, defaults: Obj): Obj {
  const props: Obj = {};
  for (const [key, node] of Object.entries(spec.policy)) {
    const value = (args as Obj)[key] ?? defaults[key];
    if (value === undefined && node.inputOnly) continue;
    if (spec.secretsApart?.field === key) {
      const split = splitSecretsInput(value, secretLocationsOf(node));
      props[key] = split.rest;
      props[spec.secretsApart.into] = pulumi.secret(split.secrets);
      continue;
    }
    props[key] = node.secret && value !== undefined ? pulumi.secret(value) : value;
  }
  for (const key of Object.keys(spec.computed)) props[key] = undefined;
  const connection = connectionInput(args);
  if (connection !== undefined) props.connection = connection;
  return props;
}

const locations = new WeakMap<AnyNode, SecretLocations>();

/**
 * Where the secrets of a field kept apart live, worked out once per policy node (once per kind),
 * not per resource: a pipe's source policy holds every source kind's fields, and walking it for
 * each of 2,000 pipes was a program's largest allocation of ours (issue 45).
 */
export function secretLocationsOf(node: AnyNode): SecretLocations {
  let found = locations.get(node);
  if (!found) locations.set(node, (found = locateSecrets(node.fields ?? {})));
  return found;
}

/** The options a class registers with: the secret properties of {@link registeredProps} are secret outputs too. */
function registeredOptions(spec: ClassSpec, args: ConnectionInput, opts: pulumi.CustomResourceOptions | undefined): pulumi.CustomResourceOptions | undefined {
  const secret = secretOutputs(spec);
  const withSecrets = secret.length === 0 ? opts : { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secret] };
  return connectionOptions(args, withSecrets);
}

/** The top-level properties that hold secret material: the split-off secrets, and each top-level secret field. */
function secretOutputs(spec: ClassSpec): string[] {
  const out = Object.entries(spec.policy)
    .filter(([, node]) => node.secret)
    .map(([key]) => key);
  return spec.secretsApart ? [spec.secretsApart.into, ...out] : out;
}

/**
 * What the base of the resource classes (./declared-resource.ts) registers for a spec: the
 * properties above with the serialized provider of its engine (`__provider`, the key the
 * dynamic-provider process loads it from), and the options above.
 */
export function registration(
  spec: ClassSpec,
  name: string,
  args: ConnectionInput,
  opts: pulumi.CustomResourceOptions | undefined,
): { props: Obj; options: pulumi.CustomResourceOptions | undefined } {
  const props = registeredProps(spec, args, spec.named ? { name } : {});
  props.__provider = providerText(spec.engine);
  return { props, options: registeredOptions(spec, args, opts) };
}
