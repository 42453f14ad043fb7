import { splitSourceSecrets } from "../../provider/schemas/pipe-secrets";

type Obj = Record<string, any>;

/** The inputs the engine sees for a program's pipe: secrets split out, service filled in. */
export function engineInputs(spec: Obj, ref = { organizationId: "org-1", serviceId: "svc-1" }): Obj {
  const { source, secrets } = splitSourceSecrets(spec.source);
  return JSON.parse(JSON.stringify({ ...ref, ...spec, source, sourceSecrets: secrets }));
}
