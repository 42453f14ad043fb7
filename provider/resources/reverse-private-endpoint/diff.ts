import { endpointPolicy, endpointServerOutputs, type EndpointInputs } from "./policy";
import { isObj } from "../../engine/canonical";
import type { DiffSpec } from "../../engine/field-diff";

/** The custom private DNS names of an endpoint's props, lower case (DNS names ignore case). */
function dnsNames(props: Pick<EndpointInputs, "customPrivateDnsMappings">): string[] {
  const list: unknown = props.customPrivateDnsMappings;
  if (!Array.isArray(list)) return [];
  return list.map((m: unknown) => (isObj(m) && typeof m.privateDnsName === "string" ? m.privateDnsName.toLowerCase() : "")).filter(Boolean);
}

/** The API keeps the mappings as a set of names: their order, and the case of a name, are no change. */
function mappingSet(value: unknown): unknown {
  return Array.isArray(value) ? dnsNames({ customPrivateDnsMappings: value }).sort() : value;
}

/** How an endpoint is diffed: by its policy, the DNS mappings as a set. */
export const endpointDiff: DiffSpec = {
  fields: endpointPolicy,
  outputsOnly: endpointServerOutputs,
  unlisted: "ignore",
  normalise: { customPrivateDnsMappings: mappingSet },
};

/**
 * Old and new endpoint would hold the same private DNS name in one service, which the API
 * refuses (names are unique across the service): delete the old one first.
 */
export function wouldCollide(olds: EndpointInputs, news: EndpointInputs): boolean {
  if (olds.organizationId !== news.organizationId || olds.serviceId !== news.serviceId) return false;
  const old = new Set(dnsNames(olds));
  return dnsNames(news).some((name) => old.has(name));
}
