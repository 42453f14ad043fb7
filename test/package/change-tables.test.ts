import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { endpointChangeTable, pipeChangeTable, stackChangeTable, tableIn } from "../support/change-table";

/** Each change table sits on the guide page of its resources. */
const page = (name: string) => readFileSync(join(__dirname, "..", "..", "docs", name), "utf8");

describe("the guides' change tables are the field policies", () => {
  it.each([
    ["pipe", "pipes.md", pipeChangeTable],
    ["stack", "stack.md", stackChangeTable],
    ["endpoint", "private-endpoints.md", endpointChangeTable],
  ] as const)("%s: the table between the change-table markers of docs/%s is the one the policy writes", (name, file, table) => {
    const written = tableIn(page(file), name);
    expect(written, `docs/${file} has no <!-- change-table:${name} --> block`).toBeDefined();
    expect(written, `docs/${file}'s ${name} change table disagrees with the policy; paste:\n${table()}\n`).toBe(table());
  });

  it("names every field the old hand-written table left out", () => {
    for (const field of ["skipInitialLoad", "startAfter", "tlsHost", "caCertificate", "disableTls", "skipCertVerification", "exactlyOnce"]) {
      expect(pipeChangeTable()).toContain(`\`${field}\``);
    }
    for (const field of ["savedSearchId", "groupBy"]) expect(stackChangeTable()).toContain(`\`${field}\``);
  });
});
