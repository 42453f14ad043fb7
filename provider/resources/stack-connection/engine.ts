import type { StackTarget } from "../../client/stack-target";
import { createMarker } from "../../engine/create-once";
import { defineEngine } from "../../engine/define-engine";
import { recorded } from "../../engine/init-error";
import { markedObject } from "../../engine/stack/marked-object";
import { checkStackObject, withTarget } from "../../engine/stack/target";
import { unmarked } from "../../engine/stack/unmark";
import { connections, createConnection, putConnection } from "./api";
import { connectionBody, connectionOutputs, connectionSecrets } from "./body";
import { connectionDiff } from "./diff";
import type { ConnectionInputs, ConnectionOutputs } from "./policy";
import type { ConnectionRecord } from "./record";
import { stackConnectionSpec } from "./schema";

async function create(t: StackTarget, inputs: ConnectionInputs): Promise<{ id: string; outs: ConnectionOutputs }> {
  // The create's marker rides in `name` (the server keeps no name unique); the PUT right after gives the connection the program's name.
  const secrets = connectionSecrets(inputs);
  const created = await createConnection(t, connectionBody(inputs, false), { field: "name", value: createMarker() }, secrets);
  const again = () => putConnection(t, created.id, connectionBody(inputs, true), secrets);
  const updated = await unmarked("connection", created.id, again, () => recorded(connectionOutputs(created, inputs), inputs));
  return { id: created.id, outs: connectionOutputs(updated, inputs) };
}

/** One PUT of the connection (also to adopt one): a password the program leaves out is left out, and the server keeps it. */
async function put(t: StackTarget, id: string, inputs: ConnectionInputs): Promise<ConnectionOutputs> {
  return connectionOutputs(await putConnection(t, id, connectionBody(inputs, true), connectionSecrets(inputs)), inputs);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-connection`). */
export const provider = defineEngine<ConnectionInputs, ConnectionOutputs, StackTarget, ConnectionRecord>({
  // Connections, sources and saved searches: the current servers only, no name unique, one PUT adopts and updates.
  ...markedObject(connections, "connections", put),
  // Values not known yet pass.
  validate: (news) => checkStackObject(news, stackConnectionSpec),
  // Every field updates in place, a move to another stack replaces.
  rules: connectionDiff,
  create,
  // The password is carried from the old outputs: the server never answers it.
  refreshed: (live, props) => connectionOutputs(live, withTarget(props)),
});
