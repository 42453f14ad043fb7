import * as pulumi from "@pulumi/pulumi";
import { describe, expectTypeOf, it } from "vitest";
import type { PipeArgs } from "../../provider/resources/pipe";
import type { Settings } from "../../provider/config";

// These assertions are checked by the compiler (test/unit/typecheck.test.ts runs tsc over the
// tests); at run time they are no-ops.
describe("public types", () => {
  it("PipeArgs takes Outputs at any depth", () => {
    const ids: pulumi.Output<string[]> = pulumi.output(["rpe-1"]);
    const args: PipeArgs = {
      source: { kafka: { brokers: pulumi.output("b:9092"), topics: "t", reversePrivateEndpointIds: ids, credentials: { username: "u", password: pulumi.secret("p") } } },
      destination: { database: "default", table: "t", managedTable: true, columns: [{ name: "id", type: pulumi.output("String") }] },
      fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    };
    expectTypeOf(args.source).not.toBeAny();
  });

  it("PipeArgs refuses wrong shapes", () => {
    // @ts-expect-error replicas is a number
    const a: PipeArgs = { source: {}, destination: { database: "d" }, scaling: { replicas: "two" } };
    // @ts-expect-error settings names are exact
    const b: PipeArgs = { source: {}, destination: { database: "d" }, settings: { maxThreads: 1 } };
    // @ts-expect-error destination needs a database
    const c: PipeArgs = { source: {}, destination: { table: "t" } };
    expectTypeOf([a, b, c]).toBeArray();
  });

  it("settings are typed from their schema", () => {
    expectTypeOf<Settings["maxRetries"]>().toEqualTypeOf<number>();
    expectTypeOf<Settings["apiUrl"]>().toEqualTypeOf<string | undefined>();
  });
});
