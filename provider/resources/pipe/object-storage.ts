import type { PipeSource } from "./source";
import type { Issue } from "../../schemas/check-failures";
import { isUnknown } from "../../schemas/unknown";
type ObjectStorage = NonNullable<PipeSource["objectStorage"]>;

/** Store types whose notifications a queue delivers, and the form their `queueUrl` takes. */
const queueForms: Record<string, { test: RegExp; form: string }> = {
  s3: { test: /^https:\/\/\S+$/, form: "a queue URL (https://...)" },
  gcs: { test: /^projects\/[^/\s]+\/subscriptions\/[^/\s]+$/, form: "a subscription path projects/{project}/subscriptions/{name}" },
};

const known = (v: unknown) => v !== undefined && v !== null && !isUnknown(v);

/**
 * How an object storage source is addressed and read, from the reference's field rules: a `url`,
 * or a `path` inside a container; a `queueUrl` only for continuous reading of a store that sends
 * notifications with authentication; `skipInitialLoad` only with a queue; `startAfter` not when
 * the initial load is skipped.
 */
export function checkObjectStorage(o: ObjectStorage, issue: Issue): void {
  const at = ["source", "objectStorage"];
  if (!known(o.url) && !known(o.path) && !isUnknown(o.url) && !isUnknown(o.path)) {
    issue([...at, "url"], "is required, unless the store is addressed by path and azureContainerName");
  }
  if (known(o.path) && !o.azureContainerName) issue([...at, "azureContainerName"], "is required with path (the container the path is in)");
  if (o.type === "azureblobstorage" && !o.azureContainerName) issue([...at, "azureContainerName"], "is required with type azureblobstorage");

  if (known(o.queueUrl)) {
    if (!o.isContinuous) issue([...at, "queueUrl"], "needs isContinuous: true");
    if (!o.authentication) issue([...at, "queueUrl"], "needs an authentication: a public store is read without notifications");
    const type = typeof o.type === "string" && !isUnknown(o.type) ? o.type : undefined;
    const queue = type === undefined ? undefined : queueForms[type];
    if (type !== undefined && !queue) issue([...at, "queueUrl"], `is only taken by store types ${Object.keys(queueForms).join(" and ")} (type is ${type})`);
    if (queue && typeof o.queueUrl === "string" && !queue.test.test(o.queueUrl)) issue([...at, "queueUrl"], `with type ${type} must be ${queue.form}`);
  }
  if (o.skipInitialLoad === true && !known(o.queueUrl) && !isUnknown(o.queueUrl)) {
    issue([...at, "skipInitialLoad"], "needs queueUrl: without a queue, skipping the initial load reads nothing");
  }
  if (known(o.startAfter) && o.skipInitialLoad === true) {
    issue([...at, "startAfter"], "cannot be set with skipInitialLoad: true (it only applies to the initial load)");
  }
}
