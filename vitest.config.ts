import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // No PIPESTACK_* setting of the developer's environment leaks into a test.
    setupFiles: ["test/support/clean-env.ts", "test/support/e2e-timeouts.ts", "test/support/loop-blocks.ts"],
    // Provider and end-to-end tests start servers and processes; two cores on CI.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    minWorkers: 1,
  },
});
