import type * as pulumi from "@pulumi/pulumi";
import { DeclaredResource } from "../../resource-class/declared-resource";
import type { StackSavedSearchArgs, StackSavedSearchOutputs } from "../../public-types/generated";
import { declaration } from "./declaration";
import { dynamicTypeToken } from "../../resource-class/type-tokens";

export type { StackSavedSearchArgs };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the outputs, generated from the declaration
export interface StackSavedSearch extends StackSavedSearchOutputs {}

/**
 * A saved search of the observability stack (current servers, API 2.36 and later), on the
 * cloud proxy of a service or on an open-source stack server. Saved-search alerts name it by
 * `savedSearchId: search.id`. Every field updates in place (one PUT of the whole body; a field
 * left out falls back to its default); moving it to another stack creates a new one. Deleting
 * it deletes the alerts on it.
 *
 * @example
 * const errors = new StackSavedSearch("checkout-errors", {
 *   sourceId: logs.id, where: "service:checkout level:error", select: "timestamp, body", tags: ["checkout"],
 * });
 * new StackAlert("checkout-errors", { source: "saved_search", savedSearchId: errors.id, groupBy: "host",
 *   threshold: 5, thresholdType: "above", interval: "5m", channels: [{ type: "webhook", webhookId: hook.id }] });
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its outputs are the interface above
export class StackSavedSearch extends DeclaredResource {
  /** The type token, `pulumi-nodejs:dynamic/pipestack:StackSavedSearch`: what policy packs match on. */
  static readonly __pulumiType = dynamicTypeToken(declaration.type);

  constructor(name: string, args: StackSavedSearchArgs, opts?: pulumi.CustomResourceOptions) {
    super(declaration, name, args, opts);
  }
}
