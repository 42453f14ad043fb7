/**
 * The team's members and invitations as the open-source stack server (API 2.36.0) answers
 * them, through both ways in: the members list, an invitation by email (its invite URL, the
 * same invitation again for the same email, an existing member refused), the invitations list,
 * withdrawing an invitation, removing a member (not oneself), the team middleware's own 400
 * body, and the control API's acceptance that turns an invitation into a member. Truth: the
 * server's team router and its tests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { USER_ID } from "../../emulator/stack/seed";
import { USER_EXISTS } from "../../emulator/stack/team";
import { control } from "../support/control-api";
import { startTestEmulator } from "../support/emulator";
import { stackSurfaces } from "../support/stack-surfaces";

const NO_SUCH = "000000000000000000000000";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());

describe.each(stackSurfaces(() => emulator))("the team through $label", ({ call, label }) => {
  const server = label === "api/v2";
  const email = (name: string) => `${name}.${server ? "server" : "proxy"}@example.test`;

  it("lists the key's user as the one current member", async () => {
    const members = await call("GET", "/team/members");
    expect(members.status, members.text).toBe(200);
    expect(members.data).toEqual([{ id: USER_ID, email: "emulator@example.test", name: "Emulator", isCurrentUser: true }]);
  });

  it("invites by email (lower-cased), answers the same invitation again, lists it with its URL and withdraws it", async () => {
    const first = await call("POST", "/team/invitation", { email: email("New.Person").toUpperCase(), name: "New" });
    expect(first.status, first.text).toBe(200);
    expect(first.data).toEqual({ email: email("new.person"), invitationId: expect.stringMatching(/^[0-9a-f]{24}$/), status: "pending", url: expect.stringMatching(/^http:\/\/localhost:8080\/join-team\?token=[0-9a-f]{64}$/) });
    const again = await call("POST", "/team/invitation", { email: email("new.person") });
    expect(again.data).toEqual(first.data);

    const listed = await call("GET", "/team/invitations");
    expect(listed.data).toEqual([{ id: first.data.invitationId, createdAt: expect.any(String), email: email("new.person"), name: "New", url: first.data.url }]);
    // The token is the invite URL's secret: not in the control dump.
    expect(JSON.stringify(emulator.control.state())).not.toContain(String(first.data.url).split("token=")[1]);

    const withdrawn = await call("DELETE", `/team/invitation/${first.data.invitationId}`);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.data).toEqual({ success: true });
    expect((await call("GET", "/team/invitations")).data).toEqual([]);
    const gone = await call("DELETE", `/team/invitation/${first.data.invitationId}`);
    expect(gone.status).toBe(404);
    if (server) expect(gone.text).toBe("Not Found");
  });

  it("turns an accepted invitation into a member, refuses to invite a member again, and removes the member", async () => {
    const invited = (await call("POST", "/team/invitation", { email: email("joiner"), name: "Joiner" })).data;
    const accepted = await control(emulator, "POST", `/invitations/${invited.invitationId}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    const member = accepted.json as { id: string };
    expect(member).toMatchObject({ email: email("joiner"), name: "Joiner" });
    expect((await call("GET", "/team/invitations")).data).toEqual([]);
    expect((await call("GET", "/team/members")).data).toContainEqual({ id: member.id, email: email("joiner"), name: "Joiner", isCurrentUser: false });

    const refused = await call("POST", "/team/invitation", { email: email("JOINER") });
    expect(refused.status).toBe(400);
    expect(refused.error.replace(/^[A-Z_]+: /, "")).toBe(USER_EXISTS);

    const removed = await call("DELETE", `/team/member/${member.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.data).toEqual({ success: true });
    expect((await call("GET", "/team/members")).data.map((m: { id: string }) => m.id)).toEqual([USER_ID]);
    expect((await call("DELETE", `/team/member/${member.id}`)).status).toBe(404);
    expect((await control(emulator, "POST", `/invitations/${invited.invitationId}/accept`)).status).toBe(404);
  });

  it("refuses removing oneself", async () => {
    const answer = await call("DELETE", `/team/member/${USER_ID}`);
    expect(answer.status).toBe(400);
    expect(answer.error.replace(/^[A-Z_]+: /, "")).toBe("You cannot remove yourself from the team");
  });

  it("refuses a bad email or id with the team middleware's body: the failed part and its issues", async () => {
    const bad = await call("POST", "/team/invitation", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    const badId = await call("DELETE", "/team/member/nope");
    expect(badId.status).toBe(400);
    if (!server) return expect(bad.error).toBe("BAD_REQUEST: Body: email: Invalid email");
    expect(bad.json).toEqual([{ type: "Body", errors: { issues: [{ validation: "email", code: "invalid_string", message: "Invalid email", path: ["email"] }], name: "ZodError" } }]);
    expect(badId.json).toEqual([{ type: "Params", errors: { issues: [{ code: "custom", message: "Invalid ObjectId", path: ["id"] }], name: "ZodError" } }]);
    const missing = await call("POST", "/team/invitation", {});
    expect(missing.json[0].errors.issues[0]).toMatchObject({ code: "invalid_type", path: ["email"], message: "Required" });
    expect((await call("DELETE", `/team/invitation/${NO_SUCH}`)).text).toBe("Not Found");
  });
});
