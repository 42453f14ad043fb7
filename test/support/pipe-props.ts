import { expect } from "vitest";
import type { Emulator } from "../../emulator";
import { splitSourceSecrets } from "../../provider/resources/pipe/secrets";
import { pipeEngine, EXISTING } from "./engines";

type Obj = Record<string, any>;

/** The inputs the engine sees for a program's pipe: secrets split out, service filled in. */
export function engineInputs(spec: Obj, ref = { organizationId: "org-1", serviceId: "svc-1" }): Obj {
  const { source, secrets } = splitSourceSecrets(spec.source);
  return JSON.parse(JSON.stringify({ ...ref, ...spec, source, sourceSecrets: secrets }));
}

/** The engine's inputs for a program's pipe on `emulator`'s service, checked as the engine would (no failures). */
export async function checkedPipe(emulator: Emulator, spec: Obj): Promise<Obj> {
  const inputs = engineInputs(spec, { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
  const result = await pipeEngine.check(EXISTING, inputs);
  expect(result.failures).toEqual([]);
  return result.inputs as Obj;
}
