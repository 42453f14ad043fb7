import type { StackTarget } from "../../client/stack-target";
import type { AlertOutputs } from "./policy";
import { isSearchSource } from "./schema";
import { orGone } from "../../engine/gone";
import { stackWhereabouts } from "../../engine/stack/api";
import { savedSearches } from "../stack-saved-search/api";
import { whyTileAlertIsGone } from "../stack-dashboard/alert-tile";
import { shownId } from "../../errors/printable";

/**
 * Why an alert a read finds gone is gone, when the server can tell: the server deletes an
 * alert with its dashboard, with its tile (a dashboard update without it) and with its saved
 * search, so a `refresh` that drops it from the state says which, rather than nothing.
 */
async function whyAlertIsGone(t: StackTarget, props: AlertOutputs): Promise<string> {
  const outside = "it was deleted outside Pulumi";
  if (props.source === "tile" && typeof props.dashboardId === "string") return (await whyTileAlertIsGone(t, props.dashboardId, props)) ?? outside;
  const searchId = props.savedSearchId;
  if (isSearchSource(props.source) && typeof searchId === "string" && !(await orGone(stackWhereabouts(t, savedSearches, searchId)))) {
    return `its saved search ${shownId(searchId)} is gone, and the server deletes a saved search's alerts with it`;
  }
  return outside;
}

/** The warning a `refresh` prints when it drops a gone alert from the state (never fails the refresh itself). */
export async function goneAlertWarning(t: StackTarget, id: string, props: AlertOutputs): Promise<string> {
  const why = await whyAlertIsGone(t, props).catch(() => "the server no longer has it");
  return `alert ${shownId(id)} is gone from ${t.key}, so it leaves the state: ${why}. \`pulumi up\` creates it again when the program still declares it.`;
}
