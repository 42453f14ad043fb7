import { expect } from "vitest";
import { describeExample } from "./example-flow";
import { pipeParts, storedPipe } from "./pipe-cases";

describeExample("postgres-cdc", {
  program: "examples/postgres-cdc",
  secretConfig: { postgresPassword: "e2e-postgres-password" },
  resources: [{ name: "cdc", type: "pipestack:Pipe" }],
  ...pipeParts("cdc"),
  inPlace: {
    set: { tables: "users,orders,invoices" },
    resource: "cdc",
    applied(stack, ids) {
      const mappings = storedPipe(stack, ids, "cdc").source.tableMappings as { targetTable: string }[];
      expect(mappings.map((m) => m.targetTable)).toEqual(["public_users", "public_orders", "public_invoices"]);
    },
  },
  replace: {
    set: { database: "replica_v2" },
    resource: "cdc",
    reasons: ["destination.database"],
    applied(stack, ids) {
      expect(storedPipe(stack, ids, "cdc").destination.database).toBe("replica_v2");
    },
  },
});
