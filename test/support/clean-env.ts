/**
 * Runs before every test file (vitest `setupFiles`): removes the `PIPESTACK_*` settings of the
 * developer's environment, so that no test reads an API URL, key or service it did not set.
 * Variables that are not settings (`PIPESTACK_PULUMI_BIN`) stay.
 */
import { settingKeys } from "../../provider/config";

export function clearSettingsEnv(env: NodeJS.ProcessEnv): void {
  for (const { env: name } of Object.values(settingKeys)) delete env[name];
}

clearSettingsEnv(process.env);
