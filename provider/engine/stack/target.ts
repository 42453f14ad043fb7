import { openStackTarget, stackTargetRef, type StackTarget, type StackTargetOverrides } from "../../client/stack-target";
import type { Settings } from "../../config";
import type { ZodTypeAny } from "zod";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { CheckFailure } from "../../schemas/check-failures";
import { stackUrlCredentialFailures } from "../../schemas/refinements/plain-credentials";
import { containsUnknown, isUnknown } from "../../schemas/unknown";
import { CONNECTION_KEY } from "../../schemas/connection";
import { addressKeys } from "../../schemas/field-policy";
import { stackObjectPolicy } from "../../schemas/stack-target";
import { checkInputs } from "../check-inputs";
import { settingsFor } from "../connection";
import type { Obj } from "../../schemas/plain-object";

/** The target fields a resource's inputs or outputs hold: the stack policy's address fields. */
export const TARGET_KEYS = addressKeys(stackObjectPolicy) as (keyof StackTargetOverrides)[];

function overridesOf(props: StackTargetOverrides): StackTargetOverrides {
  const pick = (k: keyof StackTargetOverrides) => (typeof props[k] === "string" && props[k] !== "" ? props[k] : undefined);
  return { stackUrl: pick("stackUrl"), organizationId: pick("organizationId"), serviceId: pick("serviceId") };
}

/**
 * Writes the chosen stack into the inputs at `check` time, so that state records it and a move
 * to another stack shows as a change of these fields: the server target keeps `stackUrl` only,
 * the cloud target `organizationId` and `serviceId` only. Values not known yet are left alone.
 * Returns the failures of a stack that cannot be chosen.
 */
export function pinTarget(settings: Settings | undefined, inputs: Obj): CheckFailure[] {
  for (const k of TARGET_KEYS) if (inputs[k] === null || inputs[k] === "") delete inputs[k];
  if (TARGET_KEYS.some((k) => isUnknown(inputs[k]))) return [];
  if (!settings) return [];
  try {
    const ref = stackTargetRef(settings, overridesOf(inputs));
    for (const k of TARGET_KEYS) delete inputs[k];
    if (ref.kind === "server") inputs.stackUrl = ref.stackUrl;
    else Object.assign(inputs, { organizationId: ref.organizationId, serviceId: ref.serviceId });
    return [];
  } catch (err) {
    const property = inputs.organizationId === undefined && !settings.organizationId ? "organizationId" : "serviceId";
    return [{ property, reason: `${(err as Error).message} Or set pipestack:stackUrl to use an open-source stack server.` }];
  }
}

/**
 * Whether `props` say which stack to ask, all of it known: `check` pinned a stack into them (inputs
 * that name none were never checked), and neither it nor the connection with its credentials waits
 * on another resource (a preview). Else there is no stack a read could safely go to. Pure.
 */
export function namesKnownStack(props: StackTargetOverrides & { [CONNECTION_KEY]?: unknown }): boolean {
  return TARGET_KEYS.some((k) => typeof props[k] === "string") && !TARGET_KEYS.some((k) => isUnknown(props[k])) && !containsUnknown(props[CONNECTION_KEY]);
}

/** A client for the stack a resource's inputs or outputs name; credentials from its connection, else the engine's settings. */
export function targetOf(props: StackTargetOverrides): StackTarget {
  return openStackTarget(settingsFor(props), overridesOf(props));
}

/** `props`, with the configured stack written in when they name none (a read with no prior state). */
export function withTarget<P extends StackTargetOverrides>(props: P): P {
  if (TARGET_KEYS.some((k) => props[k] !== undefined && props[k] !== null)) return props;
  const out = { ...props } as Obj;
  pinTarget(settingsFor(props), out);
  return out as P;
}

/**
 * The `check` of every stack resource: its schema and its own cross-field rules, a credential in
 * `stackUrl` refused, then its stack pinned into the inputs. Before any network call.
 */
export function checkStackObject<I extends object>(news: I, schema: ZodTypeAny, rules: (spec: unknown) => CheckFailure[] = () => []): dynamic.CheckResult<I> {
  return checkInputs(news, {
    pin: pinTarget,
    dropNull: true,
    schema,
    rules: (spec) => [...rules(spec), ...stackUrlCredentialFailures((spec as { stackUrl?: unknown }).stackUrl)],
  });
}
