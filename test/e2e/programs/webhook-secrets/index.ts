// End-to-end test program (test/e2e/webhook-secrets.test.ts): one webhook whose header and query
// parameter are plain strings, one whose are `pulumi.secret(...)` as docs/stack-webhook.md writes them,
// and a connection whose password is a plain string.
import * as pulumi from "@pulumi/pulumi";
import { StackConnection, StackWebhook } from "pulumi-pipestack";
import { hookSecret } from "./secrets";

const generation = new pulumi.Config().get("generation") ?? "1";

const plain = new StackWebhook("plain-hook", {
  url: "https://hooks.example.com/plain",
  headers: { Authorization: hookSecret("bearer-plain", generation) },
  queryParams: { key: hookSecret("query-plain", generation) },
});

const secret = new StackWebhook("secret-hook", {
  url: "https://hooks.example.com/secret",
  headers: { Authorization: pulumi.secret(hookSecret("bearer-secret", generation)) },
  queryParams: { key: pulumi.secret(hookSecret("query-secret", generation)) },
});

// A connection's write-only password as a plain string (not secret config, which the CLI blanks itself).
// After the webhooks, so a first-generation server's refusal of webhooks comes first (the refusal test).
new StackConnection(
  "plain-db",
  {
    host: "https://db.example.com:8443",
    username: "stack_reader",
    password: hookSecret("db-password", generation),
  },
  { dependsOn: [plain, secret] },
);

export const plainId = plain.id;
export const secretId = secret.id;
// Stack outputs of the write-only maps: what `stack output --show-secrets` prints of them.
export const plainHeaders = plain.headers;
export const secretQueryParams = secret.queryParams;
