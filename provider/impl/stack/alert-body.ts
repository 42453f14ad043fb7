import type { StackAlertRecord } from "../../schemas/stack-alert";
import { dropUndefined, isObj } from "../canonical";
import { targetFields } from "./target";

type Obj = Record<string, unknown>;

/** Fields of the alert request (contract row 6), in the order the API documents them. */
const REQUEST_FIELDS = ["threshold", "interval", "source", "thresholdType", "channel", "dashboardId", "tileId", "name", "message", "savedSearchId", "groupBy"] as const;

/**
 * The body of a POST or of the PUT that replaces an alert: every request field the program
 * sets, nothing else (no `id`, no target fields). A field left out is cleared by the PUT. Pure.
 */
export function alertBody(inputs: Obj): Obj {
  const body: Obj = {};
  for (const k of REQUEST_FIELDS) if (inputs[k] !== undefined && inputs[k] !== null) body[k] = inputs[k];
  if (isObj(body.channel)) body.channel = { type: body.channel.type, webhookId: body.channel.webhookId };
  return body;
}

const orUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

/**
 * The outputs of an alert: the API's answer in the shape the program writes (`dashboard` as
 * `dashboardId`, `savedSearch` as `savedSearchId`), the server's own fields beside them, and the
 * target carried from `carried` (inputs or old outputs). No `null`, no `undefined`. Pure.
 */
export function alertOutputs(api: StackAlertRecord, carried: Obj): Obj {
  const channel = isObj(api.channel) ? dropUndefined({ type: api.channel.type, webhookId: orUndefined(api.channel.webhookId) }) : undefined;
  return dropUndefined({
    name: orUndefined(api.name),
    message: orUndefined(api.message),
    threshold: api.threshold,
    interval: api.interval,
    thresholdType: api.thresholdType,
    source: api.source,
    channel,
    dashboardId: orUndefined(api.dashboard),
    tileId: orUndefined(api.tileId),
    savedSearchId: orUndefined(api.savedSearch),
    groupBy: orUndefined(api.groupBy),
    state: orUndefined(api.state),
    team: orUndefined(api.team),
    dashboard: orUndefined(api.dashboard),
    savedSearch: orUndefined(api.savedSearch),
    silenced: typeof api.silenced === "boolean" ? api.silenced : api.silenced ? true : undefined,
    createdAt: orUndefined(api.createdAt),
    updatedAt: orUndefined(api.updatedAt),
    ...targetFields(carried),
  });
}
