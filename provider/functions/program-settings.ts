import * as pulumi from "@pulumi/pulumi";
import { resolveSettings, withConnection, type Settings } from "../config";
import { connectionFailures } from "../schemas/connection";
import { InvalidSettingError } from "../errors/operation-errors";

/**
 * Settings as the program sees them (functions run in the program, not in the provider): the
 * call's own `connection`, then stack config `pipestack:*`, then `PIPESTACK_*`. Read at call
 * time; nothing is kept. A broken connection throws naming its field, never its value.
 */
export function programSettings(connection?: unknown): Settings {
  const failures = connectionFailures(connection);
  if (failures.length) throw new InvalidSettingError(failures.map((f) => `${f.property} ${f.reason}`).join("; "));
  return withConnection(
    resolveSettings((key) => pulumi.runtime.getConfig(`pipestack:${key}`)),
    connection ?? undefined,
  );
}
