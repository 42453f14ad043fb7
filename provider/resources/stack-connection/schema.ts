import { z } from "zod";
import { stackObject } from "../../schemas/stack-target";

/**
 * A connection of the stack (current servers, API 2.36 and later; notes: "Connections and
 * sources"): the database endpoint its sources read through, field for field as the server's
 * connection body, but for two fields whose wire names carry a product name (`settingPrefix`,
 * `metricsEndpoint`: see the policy's `answerKey`). The server never answers `password`.
 */

/** A connection as the program describes it. */
export const stackConnectionSpec = stackObject({
  /** Name shown in the stack, 1-1024 characters. @default the resource name */
  name: z.string().trim().min(1, "must not be empty").max(1024, "must be at most 1024 characters").optional(),
  /** The database's HTTP endpoint, such as `https://db.example.com:8443`. */
  host: z.string().trim().min(1, "must not be empty").max(2048, "must be at most 2048 characters"),
  /** The database user the stack queries as, such as `default`. */
  username: z.string().max(1024, "must be at most 1024 characters"),
  /**
   * The database user's password. Secret and write-only: the server never returns it, so a
   * change made outside the program cannot be seen; left out, the connection keeps the
   * server's (a new connection has none). Changing it is one in-place update of the connection.
   */
  password: z.string().min(1, "must not be empty: leave it out for a user with no password (an update that leaves it out keeps the server's)").optional(),
  /**
   * Prefix of the query settings the stack sends to the database (letters, digits and `_`),
   * for a database that namespaces custom settings. @default none
   */
  settingPrefix: z
    .string()
    .regex(/^[a-z0-9_]+$/i, "must be letters, digits and _")
    .optional(),
  /** True when `host` is a metrics query endpoint rather than a database (for `promql` sources). @default false */
  metricsEndpoint: z.boolean().optional(),
});

export type StackConnectionInput = z.input<typeof stackConnectionSpec>;
