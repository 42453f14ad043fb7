/**
 * Running the package's functions (`getStackSources`, `getStackWebhooks`) as a program would,
 * outside a deployment: settings from `PIPESTACK_*`, Outputs read through the SDK. No assertions.
 */
import type * as pulumi from "@pulumi/pulumi";
import { settingKeys } from "../../provider/config";

/** Functions run in the program: their settings come from `pipestack:*` config or `PIPESTACK_*`. */
export function useEnv(values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) process.env[settingKeys[key as keyof typeof settingKeys].env] = value;
}

/**
 * The value of an Output outside a deployment, through the SDK's own accessors. A failed Output
 * rejects each of them: all are handled, only the value's rejection is reported.
 */
export function valueOf<T>(o: pulumi.Output<T>): Promise<T> {
  const inner = o as unknown as { promise(): Promise<T>; isKnown: Promise<boolean>; isSecret: Promise<boolean>; allResources(): Promise<unknown> };
  for (const p of [inner.isKnown, inner.isSecret, inner.allResources()]) p.catch(() => undefined);
  return inner.promise();
}
