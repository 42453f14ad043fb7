/**
 * Runs before every test file (vitest `setupFiles`): an end-to-end test drives the real Pulumi
 * CLI through several commands (preview, up, refresh, destroy), each starting language hosts and
 * provider processes; on a loaded two-core CI machine one such test has taken over 60 s, the
 * default for the other tiers. End-to-end files get 5 minutes a test (and a hook); the others keep the default,
 * so a hung unit test still fails fast.
 */
import * as path from "node:path";
import { expect, vi } from "vitest";

export const E2E_TEST_TIMEOUT_MS = 300_000;

const file = expect.getState().testPath ?? "";
if (file.split(path.sep).includes("e2e")) vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS, hookTimeout: E2E_TEST_TIMEOUT_MS });
