/**
 * Reverse private endpoints: three seeded per service (ids derived from the service id, so
 * they are the same on every run), plus create, update and delete. A delete is not immediate:
 * the endpoint reads `Deleting` for one step, then is gone (the reference's `Deleting` status).
 */
import { createHash, randomUUID } from "node:crypto";
import type { JsonObject } from "../http/body";
import { advance, schedule, type Timed } from "../timeline";
import { nullableProperties, schemaProperties } from "./openapi";

/** Endpoint statuses of the live API. */
export const ENDPOINT_STATUSES = ["Unknown", "Provisioning", "Deleting", "Ready", "Failed", "PendingAcceptance", "Rejected", "Expired"] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** An endpoint as stored (its fields are the response's). */
export interface StoredEndpoint extends Timed<EndpointStatus> {
  id: string;
  serviceId: string;
  fields: JsonObject;
  /** When a deleted endpoint is gone; absent or null while it is not being deleted. */
  deleteAt?: number | null;
}

/** A UUID v4-shaped id from a seed text: stable across runs. */
export function derivedUuid(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex").slice(0, 32).split("");
  hex[12] = "4";
  hex[16] = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** Every response field at its empty value, from the spec: lists `[]`, nullable `null`, text `""`. */
function emptyFields(): JsonObject {
  const nullable = new Set(nullableProperties("ReversePrivateEndpoint"));
  const fields: JsonObject = {};
  for (const name of schemaProperties("ReversePrivateEndpoint")) {
    if (name === "id" || name === "serviceId" || name === "status") continue;
    fields[name] = nullable.has(name) ? null : name === "customPrivateDnsMappings" || name.endsWith("Names") ? [] : "";
  }
  return fields;
}

function seedFields(index: number, serviceId: string): { fields: JsonObject; status: EndpointStatus } {
  const tag = serviceId.replace(/-/g, "").slice(0, 17).padEnd(17, "0");
  const endpointId = `vpce-${tag}`;
  const dns = [`${endpointId}-${index}abcdef.vpce-svc.region-1.vpce.example.internal`];
  const empty = emptyFields();
  switch (index) {
    case 0:
      return {
        status: "Ready",
        fields: {
          ...empty,
          description: "kafka brokers (endpoint service)",
          type: "VPC_ENDPOINT_SERVICE",
          vpcEndpointServiceName: `com.example.vpce.region-1.vpce-svc-${tag}`,
          endpointId,
          dnsNames: dns,
          privateDnsNames: ["broker-1.kafka.internal", "broker-2.kafka.internal"],
        },
      };
    case 1:
      return {
        status: "Ready",
        fields: {
          ...empty,
          description: "postgres primary (resource share)",
          type: "VPC_RESOURCE",
          vpcResourceConfigurationId: `rcfg-${tag}`,
          vpcResourceShareArn: `arn:example:ram:region-1:123456789012:resource-share/share-${tag}`,
          endpointId: `${endpointId}1`,
          dnsNames: [`${endpointId}1.rcfg.region-1.vpce.example.internal`],
          privateDnsNames: [],
        },
      };
    default:
      return {
        status: "Provisioning",
        fields: {
          ...empty,
          description: "managed kafka cluster (multi-vpc)",
          type: "MSK_MULTI_VPC",
          mskClusterArn: `arn:example:kafka:region-1:123456789012:cluster/events/${tag}`,
          mskAuthentication: "SASL_IAM",
          endpointId: "",
          dnsNames: [],
          privateDnsNames: [],
        },
      };
  }
}

/** The three seeded endpoints of a service: Ready, Ready, Provisioning. */
export function seedEndpoints(serviceId: string): Map<string, StoredEndpoint> {
  const endpoints = new Map<string, StoredEndpoint>();
  for (let i = 0; i < 3; i++) {
    const id = derivedUuid(`${serviceId}:reverse-private-endpoint:${i}`);
    const { fields, status } = seedFields(i, serviceId);
    endpoints.set(id, { id, serviceId, fields, state: status, pending: [] });
  }
  return endpoints;
}

/** A new endpoint from a create body: Provisioning, Ready after `stepMs`. */
export function createEndpoint(serviceId: string, body: JsonObject, now: number, stepMs: number): StoredEndpoint {
  const id = randomUUID();
  const endpoint: StoredEndpoint = {
    id,
    serviceId,
    fields: { ...emptyFields(), ...structuredClone(body), endpointId: `vpce-${id.replace(/-/g, "").slice(0, 17)}` },
    state: "Provisioning",
    pending: schedule(now, stepMs, ["Provisioning", "Ready"] as const),
  };
  advance(endpoint, now);
  return endpoint;
}

/** The endpoint as a response `result`. */
export function endpointView(endpoint: StoredEndpoint, now: number): JsonObject {
  advance(endpoint, now);
  return { id: endpoint.id, serviceId: endpoint.serviceId, ...structuredClone(endpoint.fields), status: endpoint.state };
}

/** Marks an endpoint deleted: it reads `Deleting` for `stepMs`, then is gone. */
export function markEndpointDeleted(endpoint: StoredEndpoint, now: number, stepMs: number): void {
  endpoint.state = "Deleting";
  endpoint.pending = [];
  endpoint.deleteAt = now + stepMs;
}

/** True once a deleted endpoint's time is up (the caller drops it). */
export function endpointGone(endpoint: StoredEndpoint, now: number): boolean {
  return endpoint.deleteAt != null && now >= endpoint.deleteAt;
}
