import type { StackTarget } from "../../client/stack-target";
import type { CreateProbe } from "../../engine/create-gate";
import { defineEngine } from "../../engine/define-engine";
import { currentOnly, stackObject } from "../../engine/stack/stack-object";
import { checkStackObject, TARGET_KEYS, targetOf, withTarget } from "../../engine/stack/target";
import type { NameRule } from "../../engine/name-holder";
import { createWebhook, listedHolder, nameOf, putWebhook, webhookHolder, webhooks } from "./api";
import { movesDestination, webhookBody, webhookOutputs, webhookSecrets } from "./body";
import { webhookDiff } from "./diff";
import type { WebhookInputs, WebhookOutputs } from "./policy";
import type { WebhookRecord } from "./record";
import { serviceFieldFailures, stackWebhookSpec } from "./schema";

/** Webhooks are a route of the current servers only: say so rather than pass on a bare 404. */
const requireCurrent = currentOnly("webhooks");

/**
 * What a create's `check` reads first: the run's list of webhooks (one read per provider process,
 * which tells the stack's generation: see `engine/stack/generation.ts`). The name gate then reads
 * the same list.
 */
const currentServer: Omit<CreateProbe<WebhookInputs>, "adopts"> = {
  needs: TARGET_KEYS,
  async probe(inputs) {
    await requireCurrent(targetOf(inputs));
    return [];
  },
};

/** A webhook's service and name, unique per stack (the server refuses a second with a 400). */
const webhookNames: NameRule<WebhookInputs, StackTarget, WebhookRecord> = {
  needs: [...TARGET_KEYS, "name", "service"],
  holder: (t, inputs, fresh) => listedHolder(t, nameOf(webhookBody(inputs)), fresh),
  described: (t, inputs, holder) => webhookHolder(t, nameOf(webhookBody(inputs)), holder),
};

async function create(t: StackTarget, inputs: WebhookInputs): Promise<{ id: string; outs: WebhookOutputs }> {
  const created = await createWebhook(t, webhookBody(inputs), webhookSecrets(inputs));
  return { id: created.id, outs: webhookOutputs(created, inputs) };
}

/** One PUT of the webhook (also to adopt one): a write-only map the program leaves out is left out, and the server keeps it. */
async function put(t: StackTarget, id: string, inputs: WebhookInputs): Promise<WebhookOutputs> {
  return webhookOutputs(await putWebhook(t, id, webhookBody(inputs), webhookSecrets(inputs)), inputs);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-webhook`). */
export const provider = defineEngine<WebhookInputs, WebhookOutputs, StackTarget, WebhookRecord>({
  ...stackObject(webhooks),
  // Values not known yet pass.
  validate: (news) => checkStackObject(news, stackWebhookSpec, serviceFieldFailures),
  probe: currentServer,
  names: webhookNames,
  // Every field updates in place, a move to another stack replaces.
  rules: webhookDiff,
  refuseCreate: requireCurrent,
  create,
  adopt: (t, id, inputs) => put(t, id, inputs),
  update: (t, id, _olds, news) => put(t, id, news),
  // The server keeps the write-only maps a PUT leaves out, unless the PUT moves the destination.
  clears: (olds, news) => movesDestination(olds, news),
  // The write-only maps are carried from the old outputs: the server never answers them.
  refreshed: (live, props) => webhookOutputs(live, withTarget(props)),
});
