// The engine's modes of the scale part of `npm run bench` (bench/lib/scale.js), apart so that the
// command-line options can list them without loading the runs.
"use strict";

/**
 * The engine's modes a large stack can run in. `default`: the state written after every step
 * (crash-safe); `skip-checkpoints`: `PULUMI_SKIP_CHECKPOINTS=true`, the state written once at the
 * end; `new-cli` and `new-cli-skip`: the same two with the newer CLI (`PULUMI_VERSION=3.276.0
 * scripts/ensure-pulumi.sh` builds it and its language host into their own folder).
 */
const MODES = {
  default: { env: {} },
  "skip-checkpoints": { env: { PULUMI_SKIP_CHECKPOINTS: "true" } },
  "new-cli": { env: {}, cli: "3.276.0" },
  "new-cli-skip": { env: { PULUMI_SKIP_CHECKPOINTS: "true" }, cli: "3.276.0" },
};

module.exports = { MODES };
