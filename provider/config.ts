import { z } from "zod";
import { uuid } from "./schemas/refinements/ids";
import { connectionShape, type Connection } from "./schemas/connection";
import { isUnknown } from "./schemas/unknown";
import { InvalidSettingError } from "./errors/operation-errors";
import { CLIENT_DEFAULTS as D } from "./client-defaults";

/**
 * Where settings come from, read at call time and never captured into the serialized provider:
 * a resource's own `connection` first (see {@link withConnection}), then stack config in the
 * `pipestack` namespace, then `PIPESTACK_*` environment variables.
 */

/** Every setting, its environment variable, whether it is secret, and what it is for. */
export const settingKeys = {
  apiUrl: { env: "PIPESTACK_API_URL", secret: false },
  keyId: { env: "PIPESTACK_KEY_ID", secret: false },
  keySecret: { env: "PIPESTACK_KEY_SECRET", secret: true },
  organizationId: { env: "PIPESTACK_ORGANIZATION_ID", secret: false },
  serviceId: { env: "PIPESTACK_SERVICE_ID", secret: false },
  stackUrl: { env: "PIPESTACK_STACK_URL", secret: false },
  stackToken: { env: "PIPESTACK_STACK_TOKEN", secret: true },
  requestTimeoutMs: { env: "PIPESTACK_REQUEST_TIMEOUT_MS", secret: false },
  maxResponseBytes: { env: "PIPESTACK_MAX_RESPONSE_BYTES", secret: false },
  maxRetries: { env: "PIPESTACK_MAX_RETRIES", secret: false },
  retryBaseDelayMs: { env: "PIPESTACK_RETRY_BASE_DELAY_MS", secret: false },
  retryTimeLimitMs: { env: "PIPESTACK_RETRY_TIME_LIMIT_MS", secret: false },
  pollIntervalMs: { env: "PIPESTACK_POLL_INTERVAL_MS", secret: false },
  adopt: { env: "PIPESTACK_ADOPT", secret: false },
} as const;

export type SettingKey = keyof typeof settingKeys;

const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const settingsSchema = z.object({
  /** Base URL of the cloud management API, without `/v1`. */
  apiUrl: connectionShape.apiUrl,
  keyId: connectionShape.keyId,
  keySecret: connectionShape.keySecret,
  organizationId: z.string().min(1).optional(),
  serviceId: z.string().min(1).optional(),
  /** Base URL of an open-source stack server, without `/api/v2`; selects it for dashboards and alerts. */
  stackUrl: connectionShape.stackUrl,
  stackToken: connectionShape.stackToken,
  /** Time one attempt of a request may take: connecting, the headers and the whole body together. @default 60000 */
  requestTimeoutMs: count(100, 600_000).default(D.requestTimeoutMs),
  /** Largest answer body read, in bytes (32 MiB); a longer answer is an error. @default 33554432 */
  maxResponseBytes: count(1024, 2 ** 30).default(D.maxResponseBytes),
  /** @default 6 */
  maxRetries: count(0, 20).default(D.maxRetries),
  /** @default 500 */
  retryBaseDelayMs: count(0, 60_000).default(D.retryBaseDelayMs),
  /**
   * The budget of one operation: every attempt of its requests and every wait between them (backoff,
   * a server's `Retry-After` or rate-limit reset, the pacing) end within this long; a server asking
   * for a longer wait fails the operation at once, naming this setting. @default 120000
   */
  retryTimeLimitMs: count(1000, 3_600_000).default(D.retryTimeLimitMs),
  /** First interval between state polls; later ones grow up to 5 s. @default 1000 */
  pollIntervalMs: count(10, 60_000).default(D.pollIntervalMs),
  /**
   * Pipes to adopt instead of create, by pipe name: `{"<pipe name>": "<pipe id>"}` (JSON), set with
   * `pulumi config set --path 'pipestack:adopt["<name>"]' <id>`. For recovering pipes that an
   * interrupted `pulumi up` created but did not record.
   */
  adopt: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: 'must be a JSON object {"<pipe name>": "<pipe id>"}' });
        return z.NEVER;
      }
    })
    .pipe(z.record(uuid))
    .optional(),
});

export type Settings = z.output<typeof settingsSchema>;

/** Looks a setting up in stack config; returns undefined where it is not set. */
type ConfigLookup = (key: SettingKey) => string | undefined;

/** Resolves every setting from stack config, then the environment. Throws with the setting's name. */
export function resolveSettings(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): Settings {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(settingKeys) as SettingKey[]) {
    const value = lookup(key) ?? env[settingKeys[key].env];
    raw[key] = value === "" ? undefined : value;
  }
  const parsed = settingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = String(issue.path[0]) as SettingKey;
  // The message names the setting, never its value (it may be a secret).
  throw new InvalidSettingError(`pipestack:${key} is not valid: ${issue.message}. ${howToSet(key)}`);
}

/**
 * `settings` with a resource's connection laid over them: each field the connection sets wins,
 * the others stay as configured; a value not known yet (a preview) is left out. The connection
 * was validated by the resource's `check`. Pure.
 */
export function withConnection(settings: Settings, connection: Connection | undefined): Settings {
  if (!connection) return settings;
  const own = Object.fromEntries(Object.entries(connection).filter(([, v]) => typeof v === "string" && v !== "" && !isUnknown(v)));
  return Object.keys(own).length === 0 ? settings : { ...settings, ...own };
}

/** How a user sets a setting, both ways. */
export function howToSet(key: SettingKey): string {
  const secret = settingKeys[key].secret ? " --secret" : "";
  const own = key in connectionShape ? ` (or \`connection.${key}\` on the resource)` : "";
  return `Set it with \`pulumi config set${secret} pipestack:${key} <value>\` or the environment variable ${settingKeys[key].env}${own}.`;
}

/** The value of a setting that must be there, or an error naming both ways to set it. */
export function required<K extends SettingKey>(settings: Settings, key: K, what?: string): NonNullable<Settings[K]> {
  const value = settings[key];
  if (value === undefined || value === null) {
    throw new InvalidSettingError(`pipestack:${key} is not set${what ? ` (${what})` : ""}. ${howToSet(key)}`);
  }
  return value;
}

/** A lookup over the `configure` map the engine hands a dynamic provider (`pipestack:<key>`). */
export function lookupIn(config: { get(key: string): string | undefined } | Record<string, unknown>): ConfigLookup {
  return (key) => {
    const full = `pipestack:${key}`;
    const value =
      typeof (config as { get?: unknown }).get === "function"
        ? (config as { get(key: string): string | undefined }).get(full)
        : (config as Record<string, unknown>)[full];
    if (value === undefined || value === null) return undefined;
    // Structured config (`--path`) may arrive as an object: keep it as the JSON it was written in.
    return typeof value === "string" ? value : JSON.stringify(value);
  };
}
