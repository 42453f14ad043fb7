/**
 * The team's members and invitations (current server, API 2.36.0): the members list, an
 * invitation by email (answered with its invite URL; the same invitation again for the same
 * email), the invitations list, and the removal of an invitation or a member. These routes
 * check their body and path with another middleware than the rest of the API: a 400 answers
 * the list of failed parts (`[{type: "Body", errors: {issues, name: "ZodError"}}]`), not a
 * `{message}`. An invitation becomes a member when accepted, which the control API does
 * (`POST /__emulator/invitations/{id}/accept`). Truth: the server's team router and its tests.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { param, type RequestContext } from "../http/context";
import { badRequest } from "../http/errors";
import { JsonFailure, plainNotFound, stackBody } from "./answer";
import { stamp, type StackOperation } from "./operation";
import { USER_ID } from "./seed";
import { documentId, type StackStore } from "./store";
import type { StoredInvitation, StoredMember } from "./records";
import { objectIdSchema } from "./tile-config-shape";

/** Where the server's web app is (its `FRONTEND_URL` in the all-in-one image): invite URLs point there. */
export const FRONTEND_URL = "http://localhost:8080";

/** The server's message for an invitation to an email that already has a user (its own names its product). */
export const USER_EXISTS = "User already exists. Please contact the stack team for support";

const invitationSchema = z.object({ email: z.string().email(), name: z.string().optional() });
const idParams = z.object({ id: objectIdSchema });

/** Parses one part or throws the middleware's 400: the failed part and zod's error as JSON. */
function checked<S extends z.ZodTypeAny>(type: "Body" | "Params", schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.output<S>;
  const message = `${type}: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`;
  throw new JsonFailure(400, message, [{ type, errors: { issues: result.error.issues, name: "ZodError" } }]);
}

const idOf = (ctx: RequestContext): string => checked("Params", idParams, { id: param(ctx, "id") }).id;

/** The invite URL of an invitation (a secret: whoever has it joins the team). */
export const inviteUrl = (invitation: StoredInvitation): string => `${FRONTEND_URL}/join-team?token=${invitation.token}`;

function memberView(member: StoredMember): Record<string, unknown> {
  return { id: member.id, email: member.email, name: member.name, isCurrentUser: member.id === USER_ID };
}

function invite(store: StackStore, ctx: RequestContext): unknown {
  const parsed = stackBody(ctx);
  const { email, name } = checked("Body", invitationSchema, parsed.kind === "json" ? parsed.value : {});
  const normalized = email.toLowerCase();
  if ([...store.members.values()].some((m) => m.email.toLowerCase() === normalized)) throw badRequest(USER_EXISTS);
  let invitation = [...store.invitations.values()].find((i) => i.email === normalized);
  if (!invitation) {
    invitation = {
      id: documentId(),
      email: normalized,
      ...(name !== undefined ? { name } : {}),
      token: randomBytes(32).toString("hex"),
      createdAt: stamp(ctx),
    };
    store.invitations.set(invitation.id, invitation);
  }
  return { email: normalized, invitationId: invitation.id, status: "pending", url: inviteUrl(invitation) };
}

function removeInvitation(store: StackStore, ctx: RequestContext): unknown {
  const id = idOf(ctx);
  if (!store.invitations.delete(id)) throw plainNotFound();
  return { success: true };
}

function removeMember(store: StackStore, ctx: RequestContext): unknown {
  const id = idOf(ctx);
  if (id === USER_ID) throw badRequest("You cannot remove yourself from the team");
  if (!store.members.delete(id)) throw plainNotFound();
  return { success: true };
}

/** The members' routes: the list, and the removal of one. */
export const MEMBER_OPERATIONS: readonly StackOperation[] = [
  { method: "GET", path: "/team/members", run: (s) => [...s.members.values()].map(memberView) },
  { method: "DELETE", path: "/team/member/{id}", run: removeMember },
];

/** The invitations' routes: invite, list, withdraw. */
export const INVITATION_OPERATIONS: readonly StackOperation[] = [
  { method: "POST", path: "/team/invitation", run: invite },
  {
    method: "GET",
    path: "/team/invitations",
    run: (s) => [...s.invitations.values()].map((i) => ({ id: i.id, createdAt: i.createdAt, email: i.email, name: i.name, url: inviteUrl(i) })),
  },
  { method: "DELETE", path: "/team/invitation/{id}", run: removeInvitation },
];

/** Turns an invitation into a member, as the invitee's sign-up through the invite URL does; undefined when there is none. */
export function acceptInvitation(store: StackStore, id: string, now: string): StoredMember | undefined {
  const invitation = store.invitations.get(id);
  if (!invitation) return undefined;
  store.invitations.delete(id);
  const member: StoredMember = { id: documentId(), email: invitation.email, name: invitation.name ?? invitation.email, createdAt: now };
  store.members.set(member.id, member);
  return member;
}
