import type { Rule } from "../field-diff";

/**
 * What a change to each field of a pipe means: the API changes it in place (`update`), or it
 * needs a new pipe (`replace`). From the API notes' list of what can change in place. First
 * match wins; a path no rule matches needs a new pipe.
 */
export const pipeRules: readonly Rule[] = [
  { pattern: "name", kind: "update" },
  { pattern: "organizationId", kind: "replace" },
  { pattern: "serviceId", kind: "replace" },
  { pattern: "waitTimeoutSeconds", kind: "update" },
  { pattern: "fieldMappings", kind: "update" },
  { pattern: "settings", kind: "update" },
  { pattern: "settings.*", kind: "update" },
  { pattern: "scaling", kind: "update", serverDefault: true },
  { pattern: "scaling.*", kind: "update", serverDefault: true },
  { pattern: "destination.columns", kind: "update" },
  // The API fills in a table definition (engine, keys) for a managed table the program left open.
  { pattern: "destination.tableDefinition", kind: "replace", serverDefault: true },
  { pattern: "destination.tableDefinition.*", kind: "replace", serverDefault: true },
  { pattern: "destination.tableDefinition.engine.*", kind: "replace", serverDefault: true },
  { pattern: "source.validateSamples", kind: "update" },
  { pattern: "source.kafka.authentication", kind: "update" },
  { pattern: "source.kafka.iamRole", kind: "update" },
  { pattern: "source.kafka.caCertificate", kind: "update" },
  { pattern: "source.kafka.reversePrivateEndpointIds", kind: "update" },
  { pattern: "source.kafka.consumerGroup", kind: "replace", serverDefault: true },
  { pattern: "source.objectStorage.authentication", kind: "update" },
  { pattern: "source.objectStorage.iamRole", kind: "update" },
  { pattern: "source.objectStorage.path", kind: "update" },
  { pattern: "source.objectStorage.azureContainerName", kind: "update" },
  { pattern: "source.objectStorage.skipInitialLoad", kind: "update" },
  { pattern: "source.objectStorage.startAfter", kind: "update" },
  { pattern: "source.kinesis.authentication", kind: "update" },
  { pattern: "source.kinesis.iamRole", kind: "update" },
  { pattern: "source.postgres.host", kind: "update" },
  { pattern: "source.postgres.port", kind: "update" },
  { pattern: "source.postgres.database", kind: "update" },
  { pattern: "source.postgres.tlsHost", kind: "update" },
  { pattern: "source.postgres.caCertificate", kind: "update" },
  { pattern: "source.postgres.disableTls", kind: "update" },
  { pattern: "source.postgres.skipCertVerification", kind: "update" },
  { pattern: "source.postgres.tableMappings", kind: "update" },
  { pattern: "source.postgres.settings.syncIntervalSeconds", kind: "update", serverDefault: true },
  { pattern: "source.postgres.settings.pullBatchSize", kind: "update", serverDefault: true },
  { pattern: "source.postgres.settings.*", kind: "replace", serverDefault: true },
  { pattern: "sourceSecrets.credentials", kind: "update" },
  { pattern: "sourceSecrets.accessKey", kind: "update" },
  { pattern: "sourceSecrets.connectionString", kind: "update" },
  { pattern: "sourceSecrets.schemaRegistryCredentials", kind: "replace" },
];

/** Paths below which objects are compared key by key; anything else is compared whole. */
export const pipeContainers: readonly string[] = [
  "source",
  "source.*",
  "source.postgres.settings",
  "destination",
  "destination.tableDefinition",
  "destination.tableDefinition.engine",
  "settings",
  "scaling",
  "sourceSecrets",
];
