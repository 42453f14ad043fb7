import * as pulumi from "@pulumi/pulumi";
import { resolveSettings, type Settings } from "../config";

/**
 * Settings as the program sees them (functions run in the program, not in the provider):
 * stack config `pipestack:*`, then `PIPESTACK_*`. Read at call time; nothing is kept.
 */
export function programSettings(): Settings {
  return resolveSettings((key) => pulumi.runtime.getConfig(`pipestack:${key}`));
}
