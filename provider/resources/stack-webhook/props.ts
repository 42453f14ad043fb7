import type { ComputedOutputs } from "../../schemas/field-policy";
import type { webhookComputed } from "./policy";
import type { StackWebhookInput } from "./schema";

/** A webhook's properties as the engine holds them: the program's spec and the serialized provider. */
export type WebhookInputs = StackWebhookInput & { __provider?: string };

/** A webhook's outputs: its inputs as the server reads them back (the write-only maps carried), and the server's own fields. */
export type WebhookOutputs = WebhookInputs & ComputedOutputs<typeof webhookComputed>;
