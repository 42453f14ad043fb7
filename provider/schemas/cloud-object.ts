import { z } from "zod";
import type { FieldPolicy } from "./field-policy";
import { address, filled, instruction, replaced, writeOnly } from "./field-rules";

/** How long the engine waits on a cloud object, in whole seconds: at most a day. */
export const waitSeconds = z.number().int().min(1).max(86_400);

/** The fields every cloud object's program sets beside its own: where it lives, how long the engine waits. */
interface CloudObjectFields {
  organizationId?: string;
  serviceId?: string;
  waitTimeoutSeconds?: number;
}

/**
 * The life cycle of the fields every cloud object (a pipe, a reverse private endpoint) takes:
 * its service is in the URL, so another one needs a new object, and the configured one fills a
 * field left out; how long the engine waits is an instruction, never sent or read back. The
 * stack objects' are `stackObjectPolicy` (`./stack-target.ts`).
 */
export const cloudObjectPolicy = {
  organizationId: filled(address),
  serviceId: filled({ ...replaced, sent: "url", mayBeMissing: true }),
  waitTimeoutSeconds: writeOnly(instruction("update")),
} as const satisfies FieldPolicy<CloudObjectFields>;
