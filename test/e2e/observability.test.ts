import { expect } from "vitest";
import { describeExample, until } from "./example-flow";
import type { E2EStack } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

/** The emulator's stack objects: the cloud service's stack and the open-source server's. */
function stacks(stack: E2EStack): { cloud: any; server: any } {
  return { cloud: storedStack(stack.emulator, "cloud"), server: storedStack(stack.emulator, "server") };
}

/** On a current server the example also makes its webhook, a saved search and an alert on it. */
const CURRENT_RESOURCES = [
  { name: "on-call", type: "pipestack:StackWebhook" },
  { name: "checkout-error-search", type: "pipestack:StackSavedSearch" },
  { name: "checkout-error-burst", type: "pipestack:StackAlert" },
];

/** The webhook's header token: secret config, never in plaintext in state or output. */
const WEBHOOK_TOKEN = "hook-token-e2e-7c41d9";

/** The example's webhook and the saved-search alert on the saved search, both on this stack; both alerts sent to the webhook. */
function expectSearchAlert(stack: ReturnType<typeof storedStack>, ids: Record<string, string>): void {
  expect(stack.savedSearches.map((s) => s.id)).toEqual([ids["checkout-error-search"]]);
  expect(stack.webhooks.map((w) => w.id).sort()).toEqual([SEEDED_WEBHOOK_ID, ids["on-call"]].sort());
  // The header reached the server (its value is redacted in the emulator's state dump).
  expect(stack.webhooks.find((w) => w.id === ids["on-call"])).toMatchObject({ name: "checkout-on-call", headers: { Authorization: "(redacted)" } });
  const alert = stack.alerts.find((a) => a.id === ids["checkout-error-burst"]);
  expect(alert, "the saved-search alert is on the same stack").toBeTruthy();
  expect(JSON.stringify(alert)).toContain(ids["checkout-error-search"]);
  expect(JSON.stringify(alert)).toContain(ids["on-call"]);
  expect(JSON.stringify(stack.alerts.find((a) => a.id === ids["checkout-errors"]))).toContain(ids["on-call"]);
}

/**
 * Starts on the cloud service's stack (the default target); the replacement moves both objects
 * to the open-source server (`pipestack:stackUrl`), where the drift and deletion steps run.
 * Against each stack API generation: the current one with the example's config-form tiles, the
 * first (2.0.0) with its series-form tiles.
 */
for (const version of ["2.36.0", "2.0.0"] as const)
  describeExample(
    `observability on a ${version} stack server`,
    {
      program: "examples/observability",
      emulator: { stackApiVersion: version },
      // On a current server the example makes its webhook, its token a secret. A 2.0.0 server has
      // no webhooks, so there the example takes the id of one.
      config: version === "2.0.0" ? { firstGenerationServer: "true", webhookId: SEEDED_WEBHOOK_ID } : {},
      ...(version === "2.0.0" ? {} : { secretConfig: { webhookToken: WEBHOOK_TOKEN }, secretProperties: { "pipestack:StackWebhook": ["headers"] } }),
      resources: [
        { name: "checkout", type: "pipestack:StackDashboard" },
        { name: "checkout-errors", type: "pipestack:StackAlert" },
        ...(version === "2.0.0" ? [] : CURRENT_RESOURCES),
      ],
      count: (stack) => stack.storedObjects(),
      inPlace: {
        set: { errorThreshold: "25" },
        resource: "checkout-errors",
        applied(stack, ids) {
          const { cloud } = stacks(stack);
          const alert = cloud.alerts.find((a: any) => a.id === ids["checkout-errors"]);
          expect(alert?.threshold).toBe(25);
          if (version !== "2.0.0") expectSearchAlert(cloud, ids);
        },
      },
      replace: {
        set: { "pipestack:stackUrl": "" }, // filled in by the test below: the emulator's URL
        setSecret: {},
        resource: "checkout",
        reasons: ["stackUrl"],
        applied(stack, ids) {
          const { cloud, server } = stacks(stack);
          expect(cloud.dashboards).toHaveLength(0);
          expect(cloud.alerts).toHaveLength(0);
          expect(server.dashboards.map((d: any) => d.id)).toEqual([ids.checkout]);
          const alert = server.alerts.find((a: any) => a.id === ids["checkout-errors"]);
          expect(alert, "the alert moved with its dashboard").toBeTruthy();
          const tile = server.dashboards[0].tiles.find((t: any) => t.name === "Errors");
          expect(JSON.stringify(alert)).toContain(tile.id);
          if (version === "2.0.0") return;
          expect(cloud.savedSearches).toHaveLength(0);
          expect(
            cloud.webhooks.map((w: any) => w.id),
            "the webhook moved with its alerts",
          ).toEqual([SEEDED_WEBHOOK_ID]);
          expectSearchAlert(server, ids);
        },
      },
      async drift(stack, ids) {
        // A current server's PUT needs the tiles too: the live ones, as the server answers them.
        const live = await stack.stackApi("GET", `/dashboards/${ids.checkout}`);
        await stack.stackApi("PUT", `/dashboards/${ids.checkout}`, { name: "Renamed outside Pulumi", tiles: live.tiles, tags: live.tags });
        return { resource: "checkout", property: "name", value: "Renamed outside Pulumi" };
      },
      async remove(stack, ids) {
        await stack.stackApi("DELETE", `/alerts/${ids["checkout-errors"]}`);
        await until(() => !stacks(stack).server.alerts.some((a: any) => a.id === ids["checkout-errors"]), "the alert to be deleted");
        return "checkout-errors";
      },
    },
    (stack, c) => {
      // The server's address is only known once the emulator runs.
      c.replace.set = { "pipestack:stackUrl": stack.emulator.url };
      c.replace.setSecret = { "pipestack:stackToken": stack.emulator.options.stackToken };
    },
  );
