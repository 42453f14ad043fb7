import { expect } from "vitest";
import { describeExample, until } from "./example-flow";
import type { E2EStack } from "./harness";
import { storedStack } from "../support/stored";

/** The emulator's stack objects: the cloud service's stack and the open-source server's. */
function stacks(stack: E2EStack): { cloud: any; server: any } {
  return { cloud: storedStack(stack.emulator, "cloud"), server: storedStack(stack.emulator, "server") };
}

/**
 * Starts on the cloud service's stack (the default target); the replacement moves both objects
 * to the open-source server (`pipestack:stackUrl`), where the drift and deletion steps run.
 */
describeExample("observability", {
  program: "examples/observability",
  resources: [
    { name: "checkout", type: "pipestack:StackDashboard" },
    { name: "checkout-errors", type: "pipestack:StackAlert" },
  ],
  count: (stack) => stack.storedObjects(),
  inPlace: {
    set: { errorThreshold: "25" },
    resource: "checkout-errors",
    applied(stack, ids) {
      const { cloud } = stacks(stack);
      const alert = cloud.alerts.find((a: any) => a.id === ids["checkout-errors"]);
      expect(alert?.threshold).toBe(25);
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
    },
  },
  async drift(stack, ids) {
    await stack.stackApi("PUT", `/dashboards/${ids.checkout}`, { name: "Renamed outside Pulumi" });
    return { resource: "checkout", property: "name", value: "Renamed outside Pulumi" };
  },
  async remove(stack, ids) {
    await stack.stackApi("DELETE", `/alerts/${ids["checkout-errors"]}`);
    await until(() => stacks(stack).server.alerts.length === 0, "the alert to be deleted");
    return "checkout-errors";
  },
}, (stack, c) => {
  // The server's address is only known once the emulator runs.
  c.replace.set = { "pipestack:stackUrl": stack.emulator.url };
  c.replace.setSecret = { "pipestack:stackToken": stack.emulator.options.stackToken };
});
