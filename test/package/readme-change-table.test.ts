import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { endpointChangeTable, pipeChangeTable, stackChangeTable, tableInReadme } from "../support/change-table";

const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");

describe("README change tables are the field policies", () => {
  it.each([
    ["pipe", pipeChangeTable],
    ["stack", stackChangeTable],
    ["endpoint", endpointChangeTable],
  ] as const)("%s: the table between the change-table markers is the one the policy writes", (name, table) => {
    const written = tableInReadme(readme, name);
    expect(written, `README.md has no <!-- change-table:${name} --> block`).toBeDefined();
    expect(written, `README.md's ${name} change table disagrees with the policy; paste:\n${table()}\n`).toBe(table());
  });

  it("names every field the old hand-written table left out", () => {
    for (const field of ["skipInitialLoad", "startAfter", "tlsHost", "caCertificate", "disableTls", "skipCertVerification", "exactlyOnce"]) {
      expect(pipeChangeTable()).toContain(`\`${field}\``);
    }
    for (const field of ["savedSearchId", "groupBy"]) expect(stackChangeTable()).toContain(`\`${field}\``);
  });
});
