/**
 * Which generation of the stack server's v2 API the emulator answers as, chosen at start.
 * `2.0.0` is the contract's form (series with `dataSource`, alerts naming `team` /
 * `dashboard` / `savedSearch`); `2.36.0` is the current server (notes: "Server
 * generations"): `sourceId` series, `config` tiles on every read, eight threshold types,
 * several channels, saved searches and webhooks.
 */

/** The generations the emulator serves. */
export const STACK_API_VERSIONS = ["2.0.0", "2.36.0"] as const;

/** One served generation. */
export type StackApiVersion = (typeof STACK_API_VERSIONS)[number];

/**
 * The generation served when none is chosen: the current server's, as users meet it.
 * @default "2.36.0"
 */
export const DEFAULT_STACK_API_VERSION: StackApiVersion = "2.36.0";

/** True for a version string the emulator serves. */
export function isStackApiVersion(value: string): value is StackApiVersion {
  return (STACK_API_VERSIONS as readonly string[]).includes(value);
}
