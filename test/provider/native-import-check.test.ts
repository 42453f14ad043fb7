/**
 * The check of an imported pipe (the native plugin's operations against the emulator): the
 * credentials the API never returns are no failure but a warning naming each one the server
 * keeps until the program sets it, for every source kind; the same inputs checked as a create
 * still fail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import * as ops from "../../provider/native/operations";
import { resourceOf } from "../../provider/native/resources";
import { setProgressSink } from "../../provider/progress/report";
import { policyEntries } from "../../provider/schemas/field-policy";
import { emulatorWithEngine } from "../support/engine";
import { kafkaPipe, kinesisPipe, newKindPipes, objectStoragePipe, postgresPipe } from "../support/pipe-fixtures";

type Obj = Record<string, any>;

describe("an imported pipe's check: credentials the API never returns are the program's to add, for every source kind", () => {
  const pipe = resourceOf("pipestack:index:Pipe")!;
  const URN = "urn:pulumi:s::p::pipestack:index:Pipe::imported";
  const pipes: [string, Obj][] = [
    ["kafka", kafkaPipe()],
    ["objectStorage", objectStoragePipe()],
    ["kinesis", kinesisPipe()],
    ["postgres", postgresPipe()],
    ...Object.entries(newKindPipes).map(([kind, make]): [string, Obj] => [kind, make()]),
  ];
  /** The pipe as a read by id returns it: every secret the API never returns taken out (`where` lists them). */
  function asRead(spec: Obj): { read: Obj; where: string[] } {
    // A read carries where the object lives.
    const read = { ...structuredClone(spec), organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId };
    const where: string[] = [];
    for (const { path, node } of policyEntries(pipe.diff.fields)) {
      if (!node.secret || !node.writeOnly) continue;
      const parent = path.slice(0, -1).reduce<Obj | undefined>((o, k) => (o && typeof o[k] === "object" ? o[k] : undefined), read);
      const key = path[path.length - 1];
      if (parent && parent[key] !== undefined) {
        delete parent[key];
        where.push(path.join("."));
      }
    }
    return { read, where };
  }
  let warnings: string[] = [];
  let before: ReturnType<typeof setProgressSink>;
  let emulator: Emulator;
  beforeAll(async () => {
    // A pipe's check reads the service's pipe list (a name another pipe holds is refused).
    emulator = await emulatorWithEngine();
    before = setProgressSink((message, _urn, severity) => severity === "warning" && warnings.push(message));
  });
  afterAll(async () => {
    setProgressSink(before);
    await emulator?.close();
  });

  it.each(pipes)(
    "%s: no failure, one warning naming each credential to add; the same inputs from a program fail where they are required",
    async (_kind, spec) => {
      const { read, where } = asRead(spec);
      expect(where.length).toBeGreaterThan(0);
      warnings = [];
      const imported = await ops.check(pipe, URN, {}, { ...read, [ops.CREDENTIALS_PENDING]: true });
      expect(imported.failures).toEqual([]);
      expect(imported.inputs).not.toHaveProperty(ops.CREDENTIALS_PENDING);
      expect(warnings).toHaveLength(1);
      const fromProgram = await ops.check(pipe, URN, {}, read);
      for (const f of fromProgram.failures) expect(warnings[0]).toContain(f.property);
      // Every credential the read lacks is named, required or not.
      for (const property of where) expect(warnings[0]).toContain(property);
    },
  );
});
