import { stackListing } from "../../engine/listing";
import { ApiError } from "../../errors";
import { PipestackError } from "../../errors/pipestack-error";
import { stackWebhook } from "../../schemas/stack-webhook";

// The webhooks' list function (`getStackWebhooks`), from which scripts/list-functions.js writes the
// program's function (its doc comment is theirs: the first `@example` the Promise form's, the
// second the Output form's) and the native plugin serves its invoke.
/**
 * Lists the webhooks of a stack (current servers, API 2.36 and later), for alert channels:
 * id, name, service and description, never the URL or headers.
 *
 * @example
 * const hook = (await getStackWebhooks()).find((w) => w.name === "on-call");
 * @example
 * const onCall = getStackWebhooksOutput().apply((l) => l.find((w) => w.name === "on-call")!.id);
 */
export const listing = stackListing({
  name: "getStackWebhooks",
  collection: "webhooks",
  paged: true,
  item: stackWebhook,
  // A 404 of the list: a server without the route (first generation) or a wrong stackUrl.
  explain(err, target) {
    if (!(err instanceof ApiError) || err.status !== 404) return undefined;
    return new PipestackError(
      err.code,
      `getStackWebhooks: ${err.message}; the stack at ${target.key} lists no webhooks: a first-generation server, or a wrong stackUrl (webhooks need API 2.36 or later)`,
      { cause: err },
    );
  },
});
