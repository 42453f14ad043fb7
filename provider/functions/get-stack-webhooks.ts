import type * as pulumi from "@pulumi/pulumi";
import type { GetStackWebhooksArgs, GetStackWebhooksOutputArgs, StackWebhookRecord } from "../public-types/generated";
import { outputForm } from "./invoke-style";
import { listOnStack } from "./stack-list";
import { stackWebhooks } from "./listings";

// Generated from the schemas (provider/type-derivation/derived.ts).
export type { GetStackWebhooksArgs, GetStackWebhooksOutputArgs };

/**
 * Lists the webhooks of a stack (current servers, API 2.36 and later), for alert channels:
 * id, name, service and description, never the URL or headers. Returns a Promise;
 * {@link getStackWebhooksOutput} returns an Output.
 *
 * @example
 * const hook = (await getStackWebhooks()).find((w) => w.name === "on-call");
 */
export function getStackWebhooks(args: GetStackWebhooksArgs = {}, _opts?: pulumi.InvokeOptions): Promise<StackWebhookRecord[]> {
  return list(args);
}

/**
 * {@link getStackWebhooks} as an Output, waiting for its Inputs and for `opts.dependsOn`.
 *
 * @example
 * const onCall = getStackWebhooksOutput().apply((l) => l.find((w) => w.name === "on-call")!.id);
 */
export function getStackWebhooksOutput(args: GetStackWebhooksOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<StackWebhookRecord[]> {
  return outputForm<unknown, StackWebhookRecord[]>(args, opts, list);
}

function list(raw: unknown): Promise<StackWebhookRecord[]> {
  return listOnStack(stackWebhooks, raw);
}
