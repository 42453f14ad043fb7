import * as pulumi from "@pulumi/pulumi";
import type { SavedSearchFilter, stackSavedSearchSpec } from "../schemas/stack-saved-search";
import type { ArgsOf } from "./inputs";
import type { SchemaInput } from "./schema-input";
import type { ConnectionInput } from "./connection";
import { registeredOptions, registeredProps, type ClassSpec } from "./register";
import { savedSearchServerOutputs, stackSavedSearchPolicy } from "../schemas/stack-saved-search-policy";
import { shim } from "./shim";
import { hasTypeToken, RESOURCE_MODULE, typeTokens } from "./type-tokens";

/**
 * Arguments of a {@link StackSavedSearch}: the stack API's saved-search body, and (optionally)
 * which stack it lives on.
 */
export interface StackSavedSearchArgs extends ArgsOf<Omit<SchemaInput<typeof stackSavedSearchSpec>, "name">>, ConnectionInput {
  /** Saved search name, 1-1024 characters. @default the resource name */
  name?: pulumi.Input<string>;
}

/** The saved search's registration, from the saved-search policy. */
const spec = { policy: stackSavedSearchPolicy, serverOutputs: savedSearchServerOutputs } satisfies ClassSpec;

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
 *   threshold: 5, thresholdType: "above", interval: "5m", channel: { type: "webhook", webhookId: hook.id } });
 */
export class StackSavedSearch extends pulumi.dynamic.Resource {
  /** The type token, `pulumi-nodejs:dynamic/pipestack:StackSavedSearch`: what policy packs match on. */
  static readonly __pulumiType = typeTokens.StackSavedSearch;

  /** True when `obj` is a StackSavedSearch, also one made by another copy of this package. */
  static override isInstance(obj: unknown): obj is StackSavedSearch {
    return hasTypeToken(obj, StackSavedSearch.__pulumiType);
  }

  declare readonly name: pulumi.Output<string>;
  declare readonly sourceId: pulumi.Output<string>;
  /** The columns, `""` for the source's default. */
  declare readonly select: pulumi.Output<string>;
  declare readonly where: pulumi.Output<string>;
  declare readonly whereLanguage: pulumi.Output<"lucene" | "sql">;
  declare readonly orderBy: pulumi.Output<string>;
  declare readonly tags: pulumi.Output<string[] | undefined>;
  declare readonly filters: pulumi.Output<SavedSearchFilter[] | undefined>;
  /** Team that owns the saved search. */
  declare readonly teamId: pulumi.Output<string | undefined>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;
  declare readonly stackUrl: pulumi.Output<string | undefined>;
  declare readonly organizationId: pulumi.Output<string | undefined>;
  declare readonly serviceId: pulumi.Output<string | undefined>;

  constructor(name: string, args: StackSavedSearchArgs, opts?: pulumi.CustomResourceOptions) {
    super(shim("stack-saved-search"), name, registeredProps(spec, args, { name }), registeredOptions(spec, args, opts), RESOURCE_MODULE, "StackSavedSearch");
  }
}
