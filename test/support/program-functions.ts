/**
 * Running the package's functions (`getStackSources`, `getStackWebhooks`) as a program would,
 * outside a deployment: the SDK mocked, settings from `PIPESTACK_*`, Outputs read through the SDK. No assertions.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterEach, beforeAll } from "vitest";
import { settingKeys } from "../../provider/config";

/**
 * The file's functions run as in a program: the SDK's mocks set before its tests (a resource's
 * state is its inputs), and the `PIPESTACK_*` settings a test sets taken back after each.
 */
export function runAsProgram(): void {
  const saved = { ...process.env };
  beforeAll(() => {
    void pulumi.runtime.setMocks({ newResource: (a) => ({ id: `${a.name}-id`, state: a.inputs }), call: (a) => a.inputs }, "project", "stack", false);
  });
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (k.startsWith("PIPESTACK_")) delete process.env[k];
    Object.assign(process.env, saved);
  });
}

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
