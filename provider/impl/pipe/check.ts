import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { Settings } from "../../config";
import type { CheckFailure } from "../../schemas/check-failures";
import { pipeSpec } from "../../schemas/pipe";
import type { PipeInputs } from "../../schemas/pipe-props";
import { mergeSourceSecrets, sourceSecretsFailures } from "../../schemas/pipe-secrets";
import { pipeSourceCredentialFailures } from "../../schemas/refinements/plain-credentials";
import { isObj } from "../canonical";
import { checkInputs } from "../check-inputs";
import { serviceOf } from "../cloud-object";
import type { CreateProbe } from "../create-gate";
import { pinServiceIds } from "../pin-service";
import { readPipeList } from "./api";

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

/** Validates a pipe, secrets merged back into its source, and pins its service. */
export function validatePipe(news: PipeInputs): dynamic.CheckResult<PipeInputs> {
  const checked = checkInputs(news, {
    pin: pinService,
    schema: pipeSpec,
    spec: ({ sourceSecrets, ...rest }) => ({
      ...rest,
      source: mergeSourceSecrets(rest.source as PipeInputs["source"], sourceSecrets as PipeInputs["sourceSecrets"]) ?? rest.source,
    }),
    rules: (spec) => pipeSourceCredentialFailures((spec as { source?: unknown }).source),
  });
  // Not recursive: safe also beside a too-deep failure.
  return { ...checked, failures: [...(checked.failures ?? []), ...sourceSecretsFailures(news.source, news.sourceSecrets)] };
}

/**
 * A create's gate: the pipe list the create reads before its POST, read in `check` (credentials
 * valid, route present). A taken name is not refused here: the engine checks a resource with no
 * old inputs also when it replaces it (`--replace`, a replacement, a dependent of a resource
 * deleted before its replacement), while its own old pipe still holds the name, and `check` is not
 * told which resource it checks. The create's own list, read after any delete-first, refuses a
 * name held by anyone else.
 */
export const nameFree: Omit<CreateProbe<PipeInputs>, "adopts"> = {
  needs: ["organizationId", "serviceId"],
  async probe(inputs) {
    await readPipeList(serviceOf(inputs));
    return [];
  },
};

/** The pipe to adopt: the resource's `adoptId`, else the one `pipestack:adopt` names for its pipe name. */
export function adoptIdOf(inputs: Pick<PipeInputs, "adoptId" | "name">, adopt: Record<string, string> | undefined): string | undefined {
  if (typeof inputs.adoptId === "string" && inputs.adoptId) return inputs.adoptId;
  return typeof inputs.name === "string" ? adopt?.[inputs.name] : undefined;
}
