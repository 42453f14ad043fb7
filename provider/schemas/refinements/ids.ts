import { z } from "zod";

/**
 * Shapes of the ids that go into URL paths, checked before any request: an id such as `..`
 * would otherwise climb out of the route it was meant for.
 */

/** A pipe id (and an organization's or service's, in the contract): a UUID. */
export const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be a UUID such as 6f1c0000-0000-4000-8000-000000000000");

/** A dashboard or alert id of the stack server: an ObjectId, 24 hexadecimal digits. */
export const objectId = z.string().regex(/^[0-9a-f]{24}$/i, "must be a stack object id: 24 hexadecimal digits");

/** An organization or service id as a path segment: letters, digits, `-` and `_` only. */
export const pathId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "must be an id (letters, digits, - and _)");

/** A webhook id, as an alert channel names it: webhooks are stack objects, so an ObjectId (the servers answer 400 `Invalid webhook ID` to anything else). */
export const webhookId = z.string().regex(/^[0-9a-f]{24}$/i, "must be a webhook id: 24 hexadecimal digits (see getStackWebhooks)");

/**
 * A tile id: the server gives each tile 24 hexadecimal digits, and keeps an id sent with a tile
 * (at most 36 characters) only if the dashboard has it; so letters, digits, `-` and `_`, at most 36.
 */
export const tileId = z.string().regex(/^[A-Za-z0-9_-]{1,36}$/, 'must be a tile id: 1-36 letters, digits, - and _ (e.g. board.tileIds["Errors"])');
