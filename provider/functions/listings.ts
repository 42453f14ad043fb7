import { ApiError } from "../errors";
import { cloudService, serviceRef } from "../client/cloud";
import { openStackTarget, type StackTarget } from "../client/stack-target";
import { path } from "../client/paths";
import type { Settings } from "../config";
import { formatPath, validate } from "../schemas/check-failures";
import {
  filterEndpoints,
  reversePrivateEndpoint,
  reversePrivateEndpointFilter,
  type ReversePrivateEndpoint,
} from "../resources/reverse-private-endpoint/record";
import { stackSource, type StackSourceRecord } from "../schemas/stack-source";
import { stackTargetArgs } from "../schemas/stack-target";
import { stackWebhook, type StackWebhookRecord } from "../schemas/stack-webhook";
import type { ZodType } from "zod";
import { named } from "./named";
import type { Obj } from "../schemas/plain-object";
import { InvalidArgumentError, MalformedAnswerError } from "../errors/operation-errors";
import { PipestackError } from "../errors/pipestack-error";
import { readAll } from "../engine/list-reader";
import { endpointList } from "../resources/reverse-private-endpoint/api";

/**
 * What the list functions do, given the settings to reach the service with: the program's
 * functions (get-*.ts) call these with the program's settings, the native provider's `Invoke`
 * with the provider's. No Pulumi SDK here: the provider process does not load it.
 */

/** How one list function reads its stack collection: the function's name, the collection, one item's shape. */
export interface StackListing<T> {
  fn: string;
  collection: string;
  /** True when the server pages the collection (`limit`/`offset`): every page is read. */
  paged: boolean;
  item: ZodType<T>;
  /** A clearer error for a failed list (e.g. a route older servers lack); else the API's error stands. */
  explain?(err: unknown, target: StackTarget): Error | undefined;
}

/**
 * Lists one collection of the stack the arguments name (each target field defaults to the
 * settings): the arguments checked first, errors prefixed with the function's name, each item
 * parsed by its shape (which drops what a program must not hold).
 */
export async function listStackCollection<T>(listing: StackListing<T>, args: Obj, settings: () => Settings): Promise<T[]> {
  const { fn, collection, item } = listing;
  const target = named(fn, () => {
    const parsed = validate(stackTargetArgs, args);
    if (!parsed.ok) throw new InvalidArgumentError(parsed.failures.map((f) => `${f.property} ${f.reason}`).join("; "));
    return openStackTarget(settings(), parsed.value);
  });
  let items: unknown[];
  try {
    items = await readAll({ client: target.client, path: `${target.basePath}${path(collection)}`, paged: listing.paged });
  } catch (err) {
    if (err instanceof MalformedAnswerError) throw new MalformedAnswerError(`${fn}: the stack at ${target.key} did not answer a list`, { cause: err });
    throw listing.explain?.(err, target) ?? err;
  }
  return items.map((i) => item.parse(i));
}

/** `getStackSources`: the data sources of a stack. */
export const stackSources: StackListing<StackSourceRecord> = { fn: "getStackSources", collection: "sources", paged: false, item: stackSource };

/** `getStackWebhooks`: the webhooks of a stack (current servers), never their URLs or headers. */
export const stackWebhooks: StackListing<StackWebhookRecord> = {
  fn: "getStackWebhooks",
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
};

/** `getReversePrivateEndpoints`: the reverse private endpoints of a service, filtered. */
export async function listReversePrivateEndpoints(args: Obj, settings: () => Settings): Promise<ReversePrivateEndpoint[]> {
  const { svc, filter } = named("getReversePrivateEndpoints", () => {
    const parsed = reversePrivateEndpointFilter.safeParse(args);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      throw new InvalidArgumentError(`${formatPath(i.path)} ${i.message}`);
    }
    const s = settings();
    return { svc: cloudService(s, serviceRef(s, parsed.data)), filter: parsed.data };
  });
  const endpoints = await readAll(endpointList(svc));
  return filterEndpoints(
    endpoints.map((e) => reversePrivateEndpoint.parse(e)),
    filter,
  );
}
