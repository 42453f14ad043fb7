/**
 * What the pipe examples share in their end-to-end flow: drift is a rename made with the API
 * key, a deletion is an API DELETE, and the emulator's pipes are what count.
 */
import { expect } from "vitest";
import type { E2EStack } from "./harness";
import { until, type ExampleCase } from "./example-flow";

type PipeParts = Pick<ExampleCase, "drift" | "remove" | "count" | "secretProperties">;

/** The pipe named `name` in the program, as the emulator holds it. */
export function storedPipe(stack: E2EStack, ids: Record<string, string>, name: string): Record<string, any> {
  const pipe = stack.pipes().find((p) => p.id === ids[name]);
  expect(pipe, `pipe ${name} (${ids[name]}) on the emulator`).toBeTruthy();
  return pipe!;
}

/** Drift, deletion and counting for an example with one pipe named `name`. */
export function pipeParts(name: string): PipeParts {
  return {
    secretProperties: { "pipestack:Pipe": ["sourceSecrets"] },
    count: (stack) => stack.pipes().length,
    async drift(stack, ids) {
      await stack.cloudApi("PATCH", `/pipes/${ids[name]}`, { name: "renamed-outside-pulumi" });
      return { resource: name, property: "name", value: "renamed-outside-pulumi" };
    },
    async remove(stack, ids) {
      const before = stack.pipes().length;
      await stack.cloudApi("DELETE", `/pipes/${ids[name]}`);
      await until(() => stack.pipes().length === before - 1, `pipe ${name} to be deleted`);
      return name;
    },
  };
}
