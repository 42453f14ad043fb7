// The webhook credentials (and a connection's password) of test/e2e/programs/webhook-secrets (and of its YAML twin,
// native-webhook-secrets), shared with test/e2e/webhook-secrets.test.ts, which searches every
// output for each in six encodings. A quote, `/`, `+` and a space make the encodings differ.

/** The credential `what` of a generation of the program (the stack config `generation`). */
export const hookSecret = (what: string, generation: string): string => `${what}-g${generation}-3b9e"q/+ z`;

/** The credentials the programs set, each as a header and as a query parameter, and a connection's password. */
export const HOOK_SECRETS = ["bearer-plain", "query-plain", "bearer-secret", "query-secret", "db-password"] as const;
