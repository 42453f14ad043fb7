/**
 * The checks of the example policy pack, as pure functions over the properties the engine hands
 * a policy (index.ts wires them into policies). Each returns the violations' messages; none
 * means the resource or stack complies.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Where credentials live inside a pipe's `source` as users write it. */
export const CREDENTIAL_PATHS: readonly (readonly string[])[] = [
  ["kafka", "credentials"],
  ["kafka", "schemaRegistry", "credentials"],
  ["postgres", "credentials"],
  ["objectStorage", "accessKey"],
  ["objectStorage", "connectionString"],
  ["objectStorage", "serviceAccountKey"],
  ["kinesis", "accessKey"],
  ["pubsub", "serviceAccountKey"],
  ["mysql", "credentials"],
  ["mongodb", "credentials"],
  ["bigquery", "credentials"],
];

const hasContent = (v: unknown): boolean => v !== undefined && v !== null && v !== "" && !(isObj(v) && Object.values(v).every((x) => !hasContent(x)));

/**
 * A pipe's credentials are kept secret: none sits in the readable `source`, and `sourceSecrets`
 * (where the package puts them) is among the resource's `additionalSecretOutputs`, so the state
 * and every output hold it encrypted. The package arranges both; this catches what undoes them (a
 * resource transform, a fork, a hand-made resource of the same type). Validation policies see
 * secrets already unwrapped, so the options are what tells.
 * @param props the pipe's properties as the policy SDK hands them
 * @param additionalSecretOutputs the resource's option of that name
 */
export function credentialViolations(props: unknown, additionalSecretOutputs: readonly string[] | undefined): string[] {
  const out: string[] = [];
  const source = isObj(props) ? props.source : undefined;
  for (const path of CREDENTIAL_PATHS) {
    const value = path.reduce<unknown>((node, key) => (isObj(node) ? node[key] : undefined), source);
    if (hasContent(value)) out.push(`source.${path.join(".")} holds credentials in the readable source; they belong in the secret sourceSecrets`);
  }
  if (isObj(props) && hasContent(props.sourceSecrets) && !(additionalSecretOutputs ?? []).includes("sourceSecrets")) {
    out.push("sourceSecrets (the pipe's credentials) is not in additionalSecretOutputs: it would be stored unencrypted");
  }
  return out;
}

/** The most a pipe may take, as policy config. */
export interface ScalingBudget {
  /** @default 4 */
  maxReplicas: number;
  /** CPU of all replicas together, in thousandths of a core. @default 4000 */
  maxTotalCpuMillicores: number;
  /** Memory of all replicas together, in GB. @default 16 */
  maxTotalMemoryGb: number;
}

export const DEFAULT_BUDGET: ScalingBudget = { maxReplicas: 4, maxTotalCpuMillicores: 4000, maxTotalMemoryGb: 16 };

/** A pipe's `scaling` stays within the budget (a field left out counts as one replica / nothing). */
export function scalingViolations(scaling: unknown, budget: ScalingBudget): string[] {
  if (!isObj(scaling)) return [];
  const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);
  const replicas = num(scaling.replicas) ?? 1;
  const cpu = num(scaling.replicaCpuMillicores);
  const memory = num(scaling.replicaMemoryGb);
  const out: string[] = [];
  if (replicas > budget.maxReplicas) out.push(`scaling.replicas is ${replicas}, over the budget of ${budget.maxReplicas}`);
  if (cpu !== undefined && replicas * cpu > budget.maxTotalCpuMillicores) {
    out.push(`scaling takes ${replicas * cpu} millicores in all (${replicas} x ${cpu}), over the budget of ${budget.maxTotalCpuMillicores}`);
  }
  if (memory !== undefined && replicas * memory > budget.maxTotalMemoryGb) {
    out.push(`scaling takes ${replicas * memory} GB in all (${replicas} x ${memory}), over the budget of ${budget.maxTotalMemoryGb}`);
  }
  return out;
}

/** Series types whose tiles can carry alerts (line and number charts); others lose them. */
export const ALERTABLE_SERIES_TYPES: readonly string[] = ["time", "number"];

/** What the alert check needs of a StackAlert and a StackDashboard (their outputs). */
export interface AlertView {
  name: string;
  props: { source?: unknown; tileId?: unknown; dashboardId?: unknown };
}
export interface DashboardView {
  name: string;
  props: { tiles?: unknown };
}

/**
 * Tile alerts watch a tile that can carry alerts: a dashboard update deletes an alert on any
 * other kind of tile. Alerts whose tile is not known yet (a first preview) or not among the
 * dashboards given pass.
 */
export function alertTileViolations(alerts: readonly AlertView[], dashboards: readonly DashboardView[]): { alert: string; message: string }[] {
  const tiles = new Map<string, { board: string; name: string; type: unknown }>();
  for (const d of dashboards) {
    for (const t of Array.isArray(d.props.tiles) ? d.props.tiles : []) {
      if (!isObj(t) || typeof t.id !== "string") continue;
      const series = Array.isArray(t.series) ? t.series : [];
      tiles.set(t.id, { board: d.name, name: String(t.name), type: isObj(series[0]) ? series[0].type : undefined });
    }
  }
  const out: { alert: string; message: string }[] = [];
  for (const a of alerts) {
    if (a.props.source !== "tile" || typeof a.props.tileId !== "string") continue;
    const tile = tiles.get(a.props.tileId);
    if (tile && !ALERTABLE_SERIES_TYPES.includes(String(tile.type))) {
      out.push({
        alert: a.name,
        message: `alert ${a.name} watches tile "${tile.name}" of dashboard ${tile.board}, a ${String(tile.type)} tile; only ${ALERTABLE_SERIES_TYPES.join(" and ")} tiles can carry alerts`,
      });
    }
  }
  return out;
}

/**
 * A webhook posts over https, and keeps its header tokens and query parameters secret: the URL
 * uses `https:` (an alert's message and its `Authorization` header would travel readable over
 * `http:`), and `headers` and `queryParams`, when set, are among the resource's
 * `additionalSecretOutputs` (the package puts them there; this catches a transform or a hand-made
 * resource of the same type that takes them out). A URL not known yet (a first preview) passes.
 * @param props the webhook's properties as the policy SDK hands them
 * @param additionalSecretOutputs the resource's option of that name
 */
export function webhookViolations(props: unknown, additionalSecretOutputs: readonly string[] | undefined): string[] {
  if (!isObj(props)) return [];
  const out: string[] = [];
  if (typeof props.url === "string" && !/^https:\/\//i.test(props.url))
    out.push(`url ${JSON.stringify(props.url)} is not https: alerts and their headers would travel readable`);
  for (const key of ["headers", "queryParams"]) {
    if (hasContent(props[key]) && !(additionalSecretOutputs ?? []).includes(key))
      out.push(`${key} is not in additionalSecretOutputs: its tokens would be stored unencrypted`);
  }
  return out;
}
