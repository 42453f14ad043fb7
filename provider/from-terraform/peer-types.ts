/**
 * The peer Terraform provider's stack resource types, as its states write them. They carry the
 * peer's product name because they are its literal type strings: a state holds nothing else that
 * tells a connection from a source (both are a name, a host or a table and ids), so the converter
 * matches these strings, and this is the one place they are written.
 */
import type { ResourceTypeName } from "../registry";

/** The stack kinds a Terraform state can hand over. */
export type StackKind = Extract<ResourceTypeName, `Stack${string}`>;

/** Each peer type and the kind it becomes. */
export const PEER_STACK_TYPES = {
  clickhouse_clickstack_dashboard: "StackDashboard",
  clickhouse_clickstack_alert: "StackAlert",
  clickhouse_clickstack_saved_search: "StackSavedSearch",
  clickhouse_clickstack_webhook: "StackWebhook",
  clickhouse_clickstack_connection: "StackConnection",
  clickhouse_clickstack_source: "StackSource",
} as const satisfies Record<string, StackKind>;

/** The stack kind of a Terraform resource type, or undefined when it is none of the peer's. Pure. */
export function stackKindOfType(type: string): StackKind | undefined {
  return Object.prototype.hasOwnProperty.call(PEER_STACK_TYPES, type) ? PEER_STACK_TYPES[type as keyof typeof PEER_STACK_TYPES] : undefined;
}
