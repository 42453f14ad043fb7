import { stackListing } from "../../engine/listing";
import { stackSource } from "../../schemas/stack-source";

// The sources' list function (`getStackSources`), from which scripts/list-functions.js writes the
// program's function (its doc comment is theirs: the first `@example` the Promise form's, the
// second the Output form's) and the native plugin serves its invoke.
/**
 * Lists the data sources of a stack (the cloud proxy of a service, or the open-source server
 * of `pipestack:stackUrl`).
 *
 * @example
 * const logs = (await getStackSources()).find((s) => s.kind === "log");
 * @example
 * const logs = getStackSourcesOutput().apply((l) => l.find((s) => s.kind === "log"));
 */
export const listing = stackListing({ name: "getStackSources", collection: "sources", paged: false, item: stackSource });
