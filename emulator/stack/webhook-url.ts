/**
 * The stack server's check of a webhook's destination (API 2.36.0, `validateWebhookUrl`),
 * run after the body's schema on create, and after the webhook is found on replace: a 400
 * `{message}` without the `Body validation failed:` prefix. The server also refuses its own
 * database hosts and lets an operator allow-list host names; the emulator has neither
 * (deviation `stackWebhookUrlHosts`).
 */
import { badRequest } from "../http/errors";
import { isRefusedAddress } from "./reserved-address";
import type { StoredWebhook } from "./records";

/** The one service whose URL the server ties to a domain: its last two host labels. */
const CHAT_SERVICE = { service: "slack", domain: "slack.com" } as const;

/** The last two labels of a host name, as the server compares them. */
const domainOf = (hostname: string) => hostname.split(".").slice(-2).join(".");

/** A URL's host as the server compares it: no brackets, no trailing dots, lower case. */
const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "")
    .toLowerCase();

/** What the server says of a destination it refuses, or undefined when it takes it. */
export function webhookUrlProblem(service: StoredWebhook["service"], url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Webhook URL is invalid";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "Webhook URL must use HTTP or HTTPS";
  if (service === CHAT_SERVICE.service && domainOf(parsed.hostname) !== CHAT_SERVICE.domain)
    return `Slack Webhook URL ${url} does not have hostname that ends in '${CHAT_SERVICE.domain}'`;
  const host = hostOf(parsed);
  if (host === "localhost" || host.endsWith(".localhost") || isRefusedAddress(host)) return "Webhook URL resolves to a private or reserved address.";
  return undefined;
}

/** Throws the server's 400 for a destination it refuses. */
export function checkWebhookUrl(input: { service: StoredWebhook["service"]; url: string }): void {
  const problem = webhookUrlProblem(input.service, input.url);
  if (problem !== undefined) throw badRequest(problem);
}
