/**
 * `--from-terraform-state FILE`: the pipes and reverse private endpoints of a Terraform state,
 * and its stack objects (terraform-stack.ts), loaded at start WITH THEIR IDS, so a move from Terraform can be rehearsed offline against
 * objects that have the ids the state names. The emulator reads the state on its own terms (the
 * peer provider's attributes are the API's fields in snake_case, the reference example's shape):
 * each pipe passes the same schema and rules as a create body, or the start fails naming it.
 * One object at two addresses is refused, naming both, as the converter refuses it (two Pulumi
 * resources would own the object); every message shows the state's text escaped (printable.ts).
 */
import { readFileSync } from "node:fs";
import type { JsonObject } from "./http/body";
import { validateRequest } from "./cloud/openapi";
import { checkPipePost } from "./cloud/pipe-rules";
import { newStoredPipe } from "./cloud/pipe-model";
import type { StoredEndpoint } from "./cloud/reverse-private-endpoints";
import { isUuid } from "./options";
import { quoted, printable } from "./printable";
import type { Store } from "./store";
import type { StackApiVersion } from "./stack/generation";
import { seedStackObjects, stackObjects } from "./terraform-stack";

/** One managed object of a state: its address (for messages) and attributes. */
interface StateObject {
  address: string;
  attributes: JsonObject;
}

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Every managed object of a state file (version 4) or of `terraform show -json` output. */
export function stateObjects(doc: unknown): StateObject[] {
  if (!isObject(doc)) throw new Error("is not a Terraform state: its JSON is not an object");
  if (doc.version === 4) {
    return list(doc.resources).flatMap((r) => {
      if (!isObject(r) || r.mode !== "managed") return [];
      const at = `${typeof r.module === "string" ? `${r.module}.` : ""}${String(r.type)}.${String(r.name)}`;
      return list(r.instances).flatMap((inst) =>
        isObject(inst) && isObject(inst.attributes) && inst.deposed === undefined
          ? [
              {
                address: inst.index_key === undefined || inst.index_key === null ? at : `${at}[${JSON.stringify(inst.index_key)}]`,
                attributes: inst.attributes,
              },
            ]
          : [],
      );
    });
  }
  if (typeof doc.format_version === "string") {
    const walk = (mod: unknown): StateObject[] =>
      isObject(mod)
        ? [
            ...list(mod.resources).flatMap((r) =>
              isObject(r) && r.mode === "managed" && isObject(r.values) ? [{ address: String(r.address), attributes: r.values }] : [],
            ),
            ...list(mod.child_modules).flatMap(walk),
          ]
        : [];
    return isObject(doc.values) ? walk(doc.values.root_module) : [];
  }
  throw new Error("is neither a Terraform state (version 4) nor `terraform show -json` output");
}

/** `replica_cpu_millicores` as the API names it. Pure. */
const camel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A Terraform value as the API's: keys in camelCase, nulls and empty values dropped (Terraform
 * writes every attribute of its schema), `password_wo` as `password` (its `_wo_version` counter
 * is Terraform's own). `settings` keep the API's snake_case names. Pure.
 */
export function apiValue(value: unknown, keepKeys = false): unknown {
  if (Array.isArray(value)) return value.map((v) => apiValue(v));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === "" || key.endsWith("_wo_version")) continue;
    const name = keepKeys ? key : camel(key.replace(/_wo$/, ""));
    const converted = apiValue(v, key === "settings");
    if (isObject(converted) && Object.keys(converted).length === 0) continue;
    if (out[name] === undefined) out[name] = converted;
  }
  return out;
}

/** The attributes that are Terraform's or the server's, not a create body's. */
const NOT_SENT = ["id", "service_id", "organization_id", "state", "stopped", "trigger_resync", "status", "endpoint_id", "dns_names", "private_dns_names"];

const withoutNotSent = (attributes: JsonObject): JsonObject => Object.fromEntries(Object.entries(attributes).filter(([k]) => !NOT_SENT.includes(k)));

const isPipe = (a: JsonObject) => isObject(a.source) && "destination" in a && "field_mappings" in a;
const ENDPOINT_FIELDS = [
  "vpc_endpoint_service_name",
  "vpc_resource_configuration_id",
  "vpc_resource_share_arn",
  "msk_cluster_arn",
  "msk_authentication",
  "gcp_service_attachment",
];
const isEndpoint = (a: JsonObject) => typeof a.type === "string" && ENDPOINT_FIELDS.filter((k) => k in a).length >= 2;

/** The service an object is in: its `service_id`, or the one an id like `<service>/<id>` carries, or `fallback`. */
function placeOf(attributes: JsonObject, fallback: string): { id: string; serviceId: string } {
  const parts = String(attributes.id).split(/[/:]/);
  const id = parts[parts.length - 1];
  const carried = parts.length > 1 ? parts[parts.length - 2] : undefined;
  const serviceId = typeof attributes.service_id === "string" && attributes.service_id !== "" ? attributes.service_id : (carried ?? fallback);
  return { id: id.toLowerCase(), serviceId: serviceId.toLowerCase() };
}

function seedPipe(store: Store, obj: StateObject, serviceId: string, stamp: string): void {
  const place = placeOf(obj.attributes, serviceId);
  const body = apiValue(withoutNotSent(obj.attributes)) as JsonObject;
  const checked = checkPipePost(body);
  if ("problems" in checked) throw new Error(`${quoted(obj.address)}: not a pipe the API would take: ${checked.problems.join("; ")}`);
  const stopped = obj.attributes.stopped === true || obj.attributes.state === "Stopped";
  const pipe = newStoredPipe(place.id, place.serviceId, checked.draft, stopped ? "Stopped" : "Running", stamp);
  store.service(place.serviceId).pipes.set(pipe.id, pipe);
}

function seedEndpoint(store: Store, obj: StateObject, serviceId: string): void {
  const place = placeOf(obj.attributes, serviceId);
  const body = apiValue(withoutNotSent(obj.attributes)) as JsonObject;
  const problems = validateRequest("CreateReversePrivateEndpoint", body);
  if (problems.length > 0) throw new Error(`${quoted(obj.address)}: not an endpoint the API would take: ${problems.join("; ")}`);
  const read = apiValue({
    dns_names: obj.attributes.dns_names,
    private_dns_names: obj.attributes.private_dns_names,
    endpoint_id: obj.attributes.endpoint_id,
  }) as JsonObject;
  const fields: JsonObject = {
    customPrivateDnsMappings: [],
    dnsNames: [],
    privateDnsNames: [],
    endpointId: `vpce-${place.id.replace(/-/g, "").slice(0, 17)}`,
    ...body,
    ...read,
  };
  const status = typeof obj.attributes.status === "string" ? obj.attributes.status : "Ready";
  const endpoint: StoredEndpoint = { id: place.id, serviceId: place.serviceId, fields, state: status as StoredEndpoint["state"], pending: [] };
  store.service(place.serviceId).endpoints.set(endpoint.id, endpoint);
}

/**
 * Loads the pipes and endpoints of the Terraform state in `file` into `store`, each with the id
 * (and in the service) the state names; an object of no service goes to `serviceId`. Its stack
 * objects go to that service's stack, as the current server (`version`
 * 2.36.0) takes them. Returns how many of each. Throws, naming the object, on an id that is no
 * UUID (no ObjectId, for a stack object) or an object the API would refuse.
 */
export function seedFromTerraformState(
  store: Store,
  file: string,
  serviceId: string,
  now: number,
  version: StackApiVersion = "2.36.0",
): { pipes: number; endpoints: number; stackObjects: number } {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`--from-terraform-state ${quoted(file)}: ${printable((err as Error).message)}`);
  }
  const counts = { pipes: 0, endpoints: 0, stackObjects: 0 };
  const stamp = new Date(now).toISOString();
  // Each object's first address, by its kind and id (a UUID names one object whatever the service).
  const seen = new Map<string, string>();
  try {
    for (const obj of stateObjects(doc)) {
      const kind = isPipe(obj.attributes) ? "pipes" : isEndpoint(obj.attributes) ? "endpoints" : undefined;
      if (kind === undefined) continue;
      const { id, serviceId: service } = placeOf(obj.attributes, serviceId);
      if (!isUuid(id) || !isUuid(service)) throw new Error(`${quoted(obj.address)}: id ${quoted(id)} in service ${quoted(service)}: both must be UUIDs`);
      const first = seen.get(`${kind}\n${id}`);
      if (first !== undefined) {
        throw new Error(
          `names one ${kind === "pipes" ? "pipe" : "reverse private endpoint"} (${id}) at two addresses, ${quoted(first)} and ${quoted(obj.address)}: ` +
            "keep one address in the state (terraform state rm the other), as pipestack-from-terraform asks",
        );
      }
      seen.set(`${kind}\n${id}`, obj.address);
      if (kind === "pipes") seedPipe(store, obj, serviceId, stamp);
      else seedEndpoint(store, obj, serviceId);
      counts[kind]++;
    }
    const objects = stateObjects(doc);
    if (version !== "2.36.0" && stackObjects(objects).length > 0) {
      throw new Error(`holds stack objects, which the peer provider writes for the current server: start with --stack-api-version 2.36.0`);
    }
    counts.stackObjects = seedStackObjects(store.service(serviceId).stack, objects, stamp);
  } catch (err) {
    throw new Error(`--from-terraform-state ${quoted(file)} ${printable((err as Error).message)}`);
  }
  return counts;
}
