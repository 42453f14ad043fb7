/**
 * The README gives the commands a newcomer starts with, and each is a script of package.json:
 * the demo (`npm run demo`) and the test command (`npm test`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..", "..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the README's first commands", () => {
  it.each([
    ["npm run demo", "demo"],
    ["npm test", "test"],
  ])("gives `%s`, a script of package.json", (command, script) => {
    expect(readme).toContain(command);
    expect(scripts[script]).toBeDefined();
  });
});
