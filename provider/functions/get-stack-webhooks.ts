import type * as pulumi from "@pulumi/pulumi";
import { ApiError } from "../client/errors";
import { openStackTarget } from "../client/stack-target";
import { path } from "../client/paths";
import { validate } from "../schemas/check-failures";
import { stackWebhook, stackWebhooksArgs, type StackWebhook, type StackWebhooksArgs } from "../schemas/stack-webhook";
import type { ArgsOf } from "../resources/inputs";
import { named, outputForm } from "./invoke-style";
import { programSettings } from "./program-settings";

/** Which stack {@link getStackWebhooks} lists; each defaults to configuration. */
export type GetStackWebhooksArgs = StackWebhooksArgs;
/** Arguments of {@link getStackWebhooksOutput}, each an Input. */
export type GetStackWebhooksOutputArgs = ArgsOf<StackWebhooksArgs>;

const FN = "getStackWebhooks";

/**
 * Lists the webhooks of a stack (current servers, API 2.36 and later), for alert channels:
 * id, name, service and description, never the URL or headers. Returns a Promise;
 * {@link getStackWebhooksOutput} returns an Output.
 *
 * @example
 * const hook = (await getStackWebhooks()).find((w) => w.name === "on-call");
 */
export function getStackWebhooks(args: GetStackWebhooksArgs = {}, _opts?: pulumi.InvokeOptions): Promise<StackWebhook[]> {
  return list(args);
}

/**
 * {@link getStackWebhooks} as an Output, waiting for its Inputs and for `opts.dependsOn`.
 *
 * @example
 * const onCall = getStackWebhooksOutput().apply((l) => l.find((w) => w.name === "on-call")!.id);
 */
export function getStackWebhooksOutput(args: GetStackWebhooksOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<StackWebhook[]> {
  return outputForm<unknown, StackWebhook[]>(args, opts, list);
}

async function list(raw: unknown): Promise<StackWebhook[]> {
  const target = named(FN, () => {
    const parsed = validate(stackWebhooksArgs, raw);
    if (!parsed.ok) throw new Error(parsed.failures.map((f) => `${f.property} ${f.reason}`).join("; "));
    return openStackTarget(programSettings(), parsed.value);
  });
  let webhooks: unknown;
  try {
    webhooks = await target.client.get<unknown>(`${target.basePath}${path("webhooks")}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new Error(`${FN}: ${err.message}; the stack at ${target.key} lists no webhooks: a first-generation server, or a wrong stackUrl (webhooks need API 2.36 or later)`);
    throw err;
  }
  if (!Array.isArray(webhooks)) throw new Error(`${FN}: the stack at ${target.key} did not answer a list`);
  return webhooks.map((w) => stackWebhook.parse(w));
}
