import type { PipeSource, SourceKind } from "./source";
import type { Issue } from "../../schemas/check-failures";
import { isUnknown } from "../../schemas/unknown";

/** Which credential fields each Kafka authentication method needs. */
const kafkaCredentialFields: Record<string, readonly string[][]> = {
  // An event-hub style broker takes PLAIN with a connection string instead of a user.
  PLAIN: [["username", "password"], ["connectionString"]],
  "SCRAM-SHA-256": [["username", "password"]],
  "SCRAM-SHA-512": [["username", "password"]],
  IAM_USER: [["accessKeyId", "secretKey"]],
  MUTUAL_TLS: [["certificate", "privateKey"]],
  IAM_ROLE: [],
};

/** Authentication rules per source kind: what each method needs, and what it must not carry. */
export function checkSourceAuthentication(source: PipeSource, kind: SourceKind, issue: Issue): void {
  switch (kind) {
    case "kafka": {
      const k = source.kafka!;
      if (!k.authentication || isUnknown(k.authentication)) return;
      const at = ["source", "kafka"];
      if (k.authentication === "IAM_ROLE") {
        if (!k.iamRole) issue([...at, "iamRole"], "is required with authentication IAM_ROLE");
        if (k.credentials) issue([...at, "credentials"], "must be left out with authentication IAM_ROLE");
        return;
      }
      if (!k.credentials) {
        issue([...at, "credentials"], `is required with authentication ${k.authentication}`);
        return;
      }
      if (isUnknown(k.credentials)) return;
      const options = kafkaCredentialFields[k.authentication] ?? [];
      const creds = k.credentials as Record<string, unknown>;
      const fits = options.some((fields) => fields.every((f) => creds[f] !== undefined));
      if (!fits) {
        const wanted = options.map((fields) => fields.join(" and ")).join(", or ");
        issue([...at, "credentials"], `with authentication ${k.authentication} needs ${wanted}`);
      }
      return;
    }
    case "objectStorage": {
      const o = source.objectStorage!;
      const at = ["source", "objectStorage"];
      if (o.authentication === "IAM_ROLE" && !o.iamRole) issue([...at, "iamRole"], "is required with authentication IAM_ROLE");
      if (o.authentication === "IAM_USER" && !o.accessKey) issue([...at, "accessKey"], "is required with authentication IAM_USER");
      if (o.authentication === "CONNECTION_STRING" && !o.connectionString) {
        issue([...at, "connectionString"], "is required with authentication CONNECTION_STRING");
      }
      if (o.authentication === "SERVICE_ACCOUNT" && !o.serviceAccountKey) {
        issue([...at, "serviceAccountKey"], "is required with authentication SERVICE_ACCOUNT");
      }
      return;
    }
    case "kinesis": {
      const k = source.kinesis!;
      const at = ["source", "kinesis"];
      if (k.authentication === "IAM_ROLE" && !k.iamRole) issue([...at, "iamRole"], "is required with authentication IAM_ROLE");
      if (k.authentication === "IAM_USER" && !k.accessKey) issue([...at, "accessKey"], "is required with authentication IAM_USER");
      return;
    }
    case "postgres":
    case "mysql": {
      const p = source[kind]!;
      const at = ["source", kind];
      if (p.authentication === "IAM_ROLE" && !p.iamRole) issue([...at, "iamRole"], "is required with authentication IAM_ROLE");
      if ((p.authentication ?? "basic") === "basic" && !p.credentials) {
        issue([...at, "credentials"], "is required with basic authentication");
      }
      return;
    }
    case "pubsub":
      if (!source.pubsub!.serviceAccountKey) issue(["source", "pubsub", "serviceAccountKey"], "is required with authentication SERVICE_ACCOUNT");
      return;
    case "bigquery":
      if (!source.bigquery!.credentials) issue(["source", "bigquery", "credentials"], "is required: the warehouse is read with a service account key");
      return;
    case "mongodb":
      // The server may take no login; a URI carrying one is refused with the plain-credential rules.
      return;
    default:
      // A new source kind fails to compile here until its authentication rules are written.
      return kind satisfies never;
  }
}
