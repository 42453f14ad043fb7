/**
 * Terraform states as the peer provider writes them, for the tests of pipestack-from-terraform:
 * a pipe's attributes (the peer stores the Kafka password in plaintext; null here) and a state
 * of one `example_pipe` resource per entry.
 */

/** The service every fixture pipe belongs to. */
export const TF_SERVICE = "00000000-0000-4000-8000-000000000002";

/** A pipe's attributes as the state holds them, with `extra` over them. */
export function tfPipe(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    service_id: TF_SERVICE,
    source: { kafka: { brokers: "b:9092", topics: "t", credentials: { username: "u", password: null } } },
    destination: { database: "default", table: "t" },
    field_mappings: [],
    ...extra,
  };
}

/** One state resource: its name, module address and instance key when it has them. */
export interface TfEntry {
  name: string;
  module?: string;
  key?: string;
  attributes: unknown;
}

/** A version-4 state text of one resource per entry. */
export function tfState(entries: readonly TfEntry[]): string {
  return JSON.stringify({
    version: 4,
    resources: entries.map((r) => ({
      mode: "managed",
      type: "example_pipe",
      name: r.name,
      ...(r.module ? { module: r.module } : {}),
      instances: [{ ...(r.key === undefined ? {} : { index_key: r.key }), attributes: r.attributes }],
    })),
  });
}
