import { sourceKinds } from "../../schemas/pipe-source";
import { canonical, dropUndefined, isObj } from "../canonical";
import { engineType, gigabytes, millicores } from "./normalize";

type Obj = Record<string, unknown>;

/** The pipe as the API returns it; only the fields this provider reads are named. */
export interface ApiPipe {
  id: string;
  serviceId?: string;
  name?: string;
  state?: string;
  stateReason?: string;
  source?: Obj | null;
  destination?: Obj | null;
  fieldMappings?: unknown[] | null;
  scaling?: Obj | null;
  settings?: Obj | null;
  createdAt?: string;
  updatedAt?: string;
}

/** Values the API never returns (write-only, secret) or that are the provider's own. */
export interface Carried {
  organizationId?: unknown;
  serviceId?: unknown;
  waitTimeoutSeconds?: unknown;
  adoptId?: unknown;
  source?: unknown;
  destination?: unknown;
  scaling?: unknown;
  sourceSecrets?: unknown;
}

const strip = (v: unknown): Obj => (isObj(canonical(v)) ? (canonical(v) as Obj) : {});

/**
 * The outputs of a pipe: what the API answered, in the shape the program writes, with
 * write-only and secret values carried over from `carried` (the inputs, or the old outputs).
 * Pure. Secret material never lands in `source`: it stays in `sourceSecrets`.
 */
export function pipeOutputs(api: ApiPipe, carried: Carried): Obj {
  const apiSource = strip(api.source);
  const source: Obj = {};
  let connectionString: unknown;
  for (const kind of sourceKinds) {
    if (!isObj(apiSource[kind])) continue;
    const s: Obj = { ...(apiSource[kind] as Obj) };
    if (kind === "objectStorage" && s.connectionString !== undefined) {
      connectionString = s.connectionString;
      delete s.connectionString;
    }
    delete s.credentials;
    delete s.accessKey;
    if (isObj(s.schemaRegistry)) s.schemaRegistry = { ...(s.schemaRegistry as Obj), credentials: undefined };
    source[kind] = canonical(s);
  }
  const carriedSource = isObj(carried.source) ? carried.source : {};
  if (carriedSource.validateSamples !== undefined) source.validateSamples = carriedSource.validateSamples;

  const destination = strip(api.destination);
  const engine = (destination.tableDefinition as Obj | undefined)?.engine as Obj | undefined;
  if (engine?.type !== undefined) engine.type = engineType(engine.type);
  const carriedDest = isObj(carried.destination) ? carried.destination : {};
  if (carriedDest.roles !== undefined) destination.roles = carriedDest.roles;

  const secrets: Obj = isObj(carried.sourceSecrets) ? { ...carried.sourceSecrets } : {};
  if (typeof connectionString === "string") secrets.connectionString = connectionString;

  return dropUndefined({
    name: api.name,
    state: api.state,
    stateReason: api.stateReason,
    organizationId: carried.organizationId,
    serviceId: api.serviceId ?? carried.serviceId,
    source,
    destination,
    fieldMappings: canonical(api.fieldMappings) ?? [],
    scaling: scalingOutputs(api.scaling, carried.scaling),
    settings: strip(api.settings),
    sourceSecrets: secrets,
    waitTimeoutSeconds: carried.waitTimeoutSeconds,
    adoptId: carried.adoptId,
    createdAt: api.createdAt,
    updatedAt: api.updatedAt,
  });
}

/**
 * Scaling as numbers. Right after a scaling change the API may read CPU and memory as 0 or leave
 * them out: then the value the program asked for (or had) stands.
 */
export function scalingOutputs(apiScaling: unknown, carried: unknown): Obj | undefined {
  const api = isObj(apiScaling) ? apiScaling : {};
  const before = isObj(carried) ? carried : {};
  const pick = (key: string, parse: (v: unknown) => number | undefined) => {
    const v = parse(api[key]);
    return v === undefined || v === 0 ? (before[key] as number | undefined) : v;
  };
  const out = canonical({
    replicas: pick("replicas", (v) => (typeof v === "number" ? v : undefined)),
    concurrency: typeof api.concurrency === "number" ? api.concurrency : before.concurrency,
    replicaCpuMillicores: pick("replicaCpuMillicores", millicores),
    replicaMemoryGb: pick("replicaMemoryGb", gigabytes),
  });
  return isObj(out) ? out : undefined;
}
