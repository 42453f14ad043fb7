import type * as pulumi from "@pulumi/pulumi";
import { ApiError } from "../client/errors";
import type { StackTarget } from "../client/stack-target";
import { stackWebhook, type StackWebhook, type StackWebhooksArgs } from "../schemas/stack-webhook";
import type { ArgsOf } from "../resources/inputs";
import type { Connection } from "../schemas/connection";
import type { ConnectionInput } from "../resources/connection";
import { outputForm } from "./invoke-style";
import { listOnStack } from "./stack-list";

/** Which stack {@link getStackWebhooks} lists; each defaults to configuration. */
export type GetStackWebhooksArgs = StackWebhooksArgs & { connection?: Connection };
/** Arguments of {@link getStackWebhooksOutput}, each an Input. */
export type GetStackWebhooksOutputArgs = ArgsOf<StackWebhooksArgs> & ConnectionInput;

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

/** A 404 of the list: a server without the route (first generation) or a wrong stackUrl. */
function explain(err: unknown, target: StackTarget): Error | undefined {
  if (!(err instanceof ApiError) || err.status !== 404) return undefined;
  return new Error(
    `${FN}: ${err.message}; the stack at ${target.key} lists no webhooks: a first-generation server, or a wrong stackUrl (webhooks need API 2.36 or later)`,
  );
}

function list(raw: unknown): Promise<StackWebhook[]> {
  return listOnStack({ fn: FN, collection: "webhooks", item: stackWebhook, explain }, raw);
}
