/**
 * The client's defaults, each stated once: the settings' defaults (`./config.ts`), the retry
 * policy, the client, the poll loop and the rate pacing take them from here, and
 * test/unit/client-defaults.test.ts holds the README's settings table and every figure of the
 * operation's budget in the docs to them.
 */
const defaults = {
  /** Time one attempt of a request may take (`pipestack:requestTimeoutMs`). */
  requestTimeoutMs: 60_000,
  /** Largest answer body read, 32 MiB (`pipestack:maxResponseBytes`). */
  maxResponseBytes: 32 * 2 ** 20,
  /** Retries after the first attempt (`pipestack:maxRetries`). */
  maxRetries: 6,
  /** First backoff delay, doubled each retry (`pipestack:retryBaseDelayMs`). */
  retryBaseDelayMs: 500,
  /** Longest backoff wait (no setting: a server's own figure is waited whole when it fits the budget). */
  retryMaxDelayMs: 30_000,
  /** The operation's budget: 120 s (`pipestack:retryTimeLimitMs`). */
  retryTimeLimitMs: 120_000,
  /** First interval between state polls (`pipestack:pollIntervalMs`). */
  pollIntervalMs: 1_000,
  /** Longest interval between state polls: the first doubles up to it. */
  pollMaxIntervalMs: 5_000,
  /** The longest one request waits for a rate limit, whatever the server says. */
  maxPaceWaitMs: 65_000,
  /** How long the other requests of a key wait for the answer to its first one. */
  probePatienceMs: 5_000,
  /** How long a key's requests hold back after a 429 that named no time. */
  unnamedBlockMs: 1_000,
};

/** The defaults above, typed as numbers (a caller may pass any other). */
export const CLIENT_DEFAULTS: { readonly [K in keyof typeof defaults]: number } = defaults;
