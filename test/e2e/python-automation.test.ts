/**
 * A Python program (test/e2e/python/automation.py) on the Python SDK generated from the native
 * provider's schema, run through the Automation API of the `pulumi` Python package from PyPI
 * (scripts/ensure-pulumi-python.sh, at the checkout's SDK version) as an inline program: the
 * life cycle of automation-flow.ts against the emulator. No Python language host is involved.
 */
import * as path from "node:path";
import { describeAutomation } from "./automation-flow";
import { repoRoot } from "./harness";
import { run } from "./package-schema";
import { pythonEnv } from "./python-env";

describeAutomation("python", async (sdks, tmp) => {
  const python = path.join(await pythonEnv(), "python");
  const site = path.join(tmp, "python-site");
  // The cached environment holds what the SDK requires: nothing is fetched, and the SDK lands beside it.
  const pip = await run(
    python,
    ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--no-index", "--no-build-isolation", "--target", site, sdks.python!.dir],
    { home: path.join(tmp, "home") },
  );
  if (pip.code !== 0) throw new Error(`pip install of the generated SDK failed\n${pip.stdout}${pip.stderr}`);
  return { argv: [python, path.join(repoRoot, "test", "e2e", "python", "automation.py")], env: { PYTHONPATH: site } };
});
