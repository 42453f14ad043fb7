/**
 * An import's credentials warning: said once per kind and fields in a provider process (not once
 * per object), and each link in it is the published page of a doc the repository has, so it
 * resolves for a user who installed from npm (the package ships no docs/).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { docsUrl, REPOSITORY } from "../../provider/native/docs-url";
import { importNotice } from "../../provider/native/import-notice";
import { credentialsWarning } from "../../provider/native/imported-inputs";

const kafka = [{ property: "source.kafka.credentials", reason: "is required with authentication PLAIN" }];
const postgres = [{ property: "source.postgres.credentials", reason: "is required" }];

describe("importNotice", () => {
  it("says the warning for the first object of a kind and fields only", () => {
    const said = new Set<string>();
    const notices = Array.from({ length: 200 }, (_, i) => importNotice(said, "pipestack:index:Pipe", `p-${i}`, kafka));
    expect(notices.filter((n) => n !== undefined)).toEqual([
      expect.stringContaining('pipestack:index:Pipe "p-0" was imported without source.kafka.credentials'),
    ]);
    expect(importNotice(said, "pipestack:index:Pipe", "db", postgres)).toContain("source.postgres.credentials");
    expect(importNotice(said, "pipestack:index:StackWebhook", "hook", [{ property: "headers", reason: "if the webhook uses them" }])).toContain("headers");
    expect(importNotice(said, "pipestack:index:Pipe", "db-2", postgres)).toBeUndefined();
  });
});

describe("links in the warning", () => {
  const text = credentialsWarning('pipestack:index:Pipe "p"', kafka);
  const links = text.match(/https?:\/\/[^\s)]+/g) ?? [];

  it("are absolute: no path relative to a checkout", () => {
    expect(links.length).toBeGreaterThan(0);
    expect(text.replace(/https?:\/\/[^\s)]+/g, "")).not.toMatch(/docs\/[\w-]+\.md/);
  });

  it.each(links)("%s is the published form of a page of docs/", (link) => {
    expect(link.startsWith(docsUrl(""))).toBe(true);
    expect(docsUrl("").startsWith(REPOSITORY)).toBe(true);
    const [page, anchor] = link.slice(docsUrl("").length).split("#");
    const file = path.resolve(__dirname, "..", "..", "docs", page);
    expect(fs.existsSync(file), file).toBe(true);
    if (anchor !== undefined) expect(fs.readFileSync(file, "utf8").toLowerCase()).toContain(`# ${anchor.replace(/-/g, " ")}`);
  });

  it("the repository is the package's", () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, "..", "..", "package.json"), "utf8")) as { repository: { url: string } };
    expect(pkg.repository.url).toBe(`git+${REPOSITORY}.git`);
  });
});
