/** The hint an error gives for an endpoint that did not become Ready. */
import { describe, expect, it } from "vitest";
import { statusHint } from "../../provider/resources/reverse-private-endpoint/settle";

describe("statusHint: what to do about an endpoint that is not Ready", () => {
  it.each([
    ["PendingAcceptance", /accept the connection request/],
    ["Rejected", /refused the connection: allow it there.*--replace/],
    ["Failed", /does not recover by waiting.*--replace/],
    ["Expired", /does not recover by waiting/],
    ["Provisioning", /^$/],
  ] as const)("%s", (status, hint) => {
    expect(statusHint(status)).toMatch(hint);
  });
});
