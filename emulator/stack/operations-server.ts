/**
 * Routes of the open-source server about the access key rather than the stack's objects: the
 * key's user (`GET /api/v2`, both generations) and its team (`GET /team`, current generation).
 * Only `/api/v2` serves them: the cloud proxy authenticates with cloud keys, and what it would
 * answer for them is not known (deviation `stackKeyRoutesServerOnly`).
 */
import { Bare } from "./answer";
import type { StackApiVersion } from "./generation";
import type { StackOperation } from "./operation";
import { seededMember, USER_ID } from "./seed";
import { TEAM_ID } from "./store";

/** Name of the emulated server's one team. */
export const TEAM_NAME = "Emulator";

const epoch = new Date(0).toISOString();

/**
 * The user as the server answers it: its stored document, the access key included (the server
 * echoes it; a client must not log or keep this answer).
 */
function userView(token: string): Record<string, unknown> {
  const { name, email } = seededMember();
  return { _id: USER_ID, name, email, team: TEAM_ID, accessKey: token, createdAt: epoch, updatedAt: epoch, __v: 0 };
}

/** The key routes of one generation; `token` is the stack token at the time of the request. */
export function serverOperations(version: StackApiVersion, token: () => string): StackOperation[] {
  const root: StackOperation = { method: "GET", path: "", run: () => new Bare({ version: "v2", user: userView(token()) }) };
  if (version === "2.0.0") return [root];
  return [root, { method: "GET", path: "/team", run: () => ({ id: TEAM_ID, name: TEAM_NAME }) }];
}
