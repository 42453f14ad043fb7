import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { Settings } from "../../config";
import type { CheckFailure } from "../../schemas/check-failures";
import { pipeSpec } from "./schema";
import { kindCountProblem, setKinds } from "./source";
import { isUnknown } from "../../schemas/unknown";
import type { PipeInputs } from "./policy";
import { programOf, sourceSecretsFailures } from "./secrets";
import { pipeSourceCredentialFailures } from "../../schemas/refinements/plain-credentials";
import { isObj } from "../../engine/canonical";
import { checkInputs } from "../../engine/check-inputs";
import type { NameRule } from "../../engine/name-holder";
import type { CloudService } from "../../client/cloud";
import { pinServiceIds } from "../../engine/pin-service";
import { fixedFieldsShown } from "../../engine/adopt";
import { replacePaths } from "../../engine/field-diff";
import { listedHolder, pipeHolder } from "./api";
import type { ApiPipe } from "./record";
import { changesFromLive } from "./diff";

/** The port a database source listens on when the program leaves it out. */
const defaultPorts = { postgres: 5432, mysql: 3306 } as const;

/**
 * Fills in the API's own defaults (`destination.database` "default", postgres `port` 5432, mysql 3306), so
 * that leaving them out and reading them back is no change. Writes into `inputs`.
 */
function fillDefaults(inputs: Record<string, unknown>): void {
  const destination = inputs.destination;
  if (isObj(destination) && destination.database === undefined) inputs.destination = { ...destination, database: "default" };
  for (const [kind, port] of Object.entries(defaultPorts)) {
    const current = inputs.source;
    if (isObj(current) && isObj(current[kind]) && current[kind].port === undefined) inputs.source = { ...current, [kind]: { ...current[kind], port } };
  }
}

/** The service a pipe lives in: its own `organizationId` / `serviceId`, else the configured one; the API's defaults filled in. */
function pinService(settings: Settings | undefined, inputs: Record<string, unknown>): CheckFailure[] {
  fillDefaults(inputs);
  return pinServiceIds(settings, inputs);
}

/**
 * Validates a pipe, secrets merged back into its source, and pins its service. A source that sets
 * no kind or several is refused with that alone, under `source`: which kind the program meant is
 * not known, and a secret travels apart by name, so merged back it sits in every set kind's place
 * (kafka's IAM keys inside postgres' credentials): failures inside the source would name fields the
 * program never wrote.
 */
export function validatePipe(news: PipeInputs): dynamic.CheckResult<PipeInputs> {
  const checked = checkInputs(news, {
    pin: pinService,
    schema: pipeSpec,
    spec: programOf,
    rules: (spec) => pipeSourceCredentialFailures((spec as { source?: unknown }).source),
  });
  // Not recursive: safe also beside a too-deep failure.
  const failures = [...(checked.failures ?? []), ...sourceSecretsFailures(news.source, news.sourceSecrets)];
  const source: unknown = news.source;
  const countProblem = isObj(source) && !isUnknown(source) ? kindCountProblem(setKinds(source)) : undefined;
  if (!countProblem) return { ...checked, failures };
  const outside = failures.filter((f) => f.property !== "source" && !/^source[.[]/.test(f.property) && !f.property.startsWith("sourceSecrets"));
  return { ...checked, failures: [{ property: "source", reason: countProblem }, ...outside] };
}

/**
 * A pipe's name, unique per service: the create gate (see `engine/create-gate.ts`) reads the pipe
 * list the create checks before its POST (credentials valid, route present, name free), the run's
 * one read of it, shared by every pipe's `check` and create (see `engine/shared-list.ts`). The
 * engine also checks with no old inputs a resource it replaces (`--replace`, a dependent
 * re-created after a resource it depends on is deleted first), while its own old pipe still holds
 * the name, and `check` is not told which resource it checks. So a taken name fails the gate only
 * with proof that the holder is not this resource's own pipe: the engine has not shown it as any
 * resource's (see `OwnObjects`), and it differs from the program in a field fixed at creation (a
 * replacement's old pipe has the program's fields, or was diffed). A look-alike is left to the
 * create's own list, read after any delete-first, which refuses a name held by anyone else.
 */
export const pipeNames: NameRule<PipeInputs, CloudService, ApiPipe> = {
  needs: ["organizationId", "serviceId", "name"],
  holder: (svc, inputs, fresh) => listedHolder(svc, String(inputs.name), fresh),
  described: (_svc, inputs, holder) => pipeHolder(String(inputs.name), holder),
  refuses(holder, inputs) {
    const { current, changes } = changesFromLive(holder, inputs);
    const fixed = replacePaths(changes);
    return (
      fixed.length > 0 &&
      `. It differs from this program in fields fixed at creation (an adoption must match them first): ${fixedFieldsShown(fixed, current, inputs)}`
    );
  },
};

/** The pipe to adopt: the resource's `adoptId`, else the one `pipestack:adopt` names for its pipe name. */
export function adoptIdOf(inputs: Pick<PipeInputs, "adoptId" | "name">, adopt: Record<string, string> | undefined): string | undefined {
  if (typeof inputs.adoptId === "string" && inputs.adoptId) return inputs.adoptId;
  return typeof inputs.name === "string" ? adopt?.[inputs.name] : undefined;
}
