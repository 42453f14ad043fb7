/**
 * The layer rules of eslint.config.mjs fire: each is broken once, in a file of the folder it
 * guards, and ESLint must name it with its message; the imports the domain needs stay allowed.
 * The text is linted as if it were the named file (it need not compile: the rule reads imports).
 * ESLint runs in a worker thread, every case at once (`layerFindingsOf` through `inWorker`): its
 * type-aware program build would block this test worker past vitest's RPC timeout (issue 46).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { inWorker } from "../support/in-worker";

const root = path.resolve(__dirname, "..", "..");

/** A file the rule guards, an import it refuses, and the start of the rule's message. */
const broken: [string, string, string][] = [
  ["emulator/index.ts", "../provider/config", "The emulator never imports provider/"],
  ["emulator/stack/webhooks.ts", "../../provider/errors", "The emulator never imports provider/"],
  ["test/emulator/stack.test.ts", "../../provider/client/paths", "The emulator never imports provider/"],
  ["provider/errors/operation-errors.ts", "../config", "provider/errors/ imports nothing outside itself"],
  ["provider/schemas/connection.ts", "../engine/connection", "provider/schemas/ is pure"],
  ["provider/schemas/connection.ts", "../resources/pipe/schema", "provider/schemas/ is pure"],
  ["provider/schemas/connection.ts", "../client/paths", "provider/schemas/ is pure"],
  ["provider/schemas/connection.ts", "../resource-class/inputs", "provider/schemas/ is pure"],
  ["provider/engine/gone.ts", "../resources/stack-dashboard/alert-tile", "The shared machinery (engine/, resource-class/) imports no kind"],
  ["provider/engine/stack/api.ts", "../../resources/stack-dashboard/schema", "The shared machinery (engine/, resource-class/) imports no kind"],
  ["provider/engine/gone.ts", "../registry", "The shared machinery (engine/, resource-class/) imports no kind"],
  ["provider/resource-class/register.ts", "../resources/pipe/secrets", "The shared machinery (engine/, resource-class/) imports no kind"],
  ["provider/resources/pipe/api.ts", "../stack-alert/schema", "A kind imports no other kind's folder"],
  ["provider/resources/stack-saved-search/body.ts", "../stack-dashboard/schema", "A kind imports no other kind's folder"],
  ["provider/resources/reverse-private-endpoint/api.ts", "../../resources/pipe/api", "A kind imports no other kind's folder"],
  ["provider/resources/stack-alert/probe.ts", "../pipe/schema", "A kind imports no other kind's folder"],
  ["provider/resources/stack-dashboard/body.ts", "../stack-saved-search/schema", "A kind imports no other kind's folder"],
  // The dashboard owns the tile-alert link and opens one module to the alert (PAIRS in eslint.config.mjs):
  // the alert imports nothing else of the dashboard, and nothing of the dashboard imports the alert back.
  ["provider/resources/stack-alert/engine.ts", "../stack-dashboard/api", "A kind imports no other kind's folder"],
  ["provider/resources/stack-alert/engine.ts", "../stack-dashboard/pending-tiles", "A kind imports no other kind's folder"],
  ["provider/resources/stack-alert/probe.ts", "../stack-dashboard/planned-tiles", "A kind imports no other kind's folder"],
  ["provider/resources/stack-dashboard/engine.ts", "../stack-alert/record", "A kind imports no other kind's folder"],
  ["provider/resources/stack-dashboard/engine.ts", "../../resources/stack-alert/api", "A kind imports no other kind's folder"],
  ["provider/resources/stack-dashboard/removed-tiles.ts", "../stack-alert/record", "A kind imports no other kind's folder"],
  ["provider/resources/stack-dashboard/alert-watchers.ts", "../stack-alert/api", "A kind imports no other kind's folder"],
  ["provider/resources/stack-dashboard/alert-tile.ts", "../stack-alert/policy", "A kind imports no other kind's folder"],
  ["provider/resources/stack-alert/gone.ts", "../stack-saved-search/schema", "A kind imports no other kind's folder"],
  ["provider/resources/pipe/api.ts", "../stack-dashboard/alert-tile", "A kind imports no other kind's folder"],
  ["provider/resources/stack-saved-search/api.ts", "../stack-dashboard/removed-tiles", "A kind imports no other kind's folder"],
  ["provider/client/client.ts", "../engine/gone", "provider/client/ is the transport"],
  ["provider/client/retry.ts", "../resources/pipe/api", "provider/client/ is the transport"],
  ["provider/client/client.ts", "../schemas/connection", "provider/client/ is the transport"],
  ["provider/native/server.ts", "../resource-class/register", "provider/native/ loads no Pulumi SDK"],
  ["provider/native/server.ts", "../pr-summary/summary", "provider/native/ loads no Pulumi SDK"],
  ["provider/functions/program-list.ts", "../native/values", "provider/functions/ is the program side's reads"],
  ["provider/functions/program-list.ts", "../registry", "provider/functions/ is the program side's reads"],
  ["provider/config.ts", "./client/defaults", "provider/config.ts sits below the transport"],
  ["provider/config.ts", "./engine/connection", "provider/config.ts sits below the transport"],
  ["provider/registry/index.ts", "../native/resources", "provider/registry/ lists the kinds"],
  ["provider/registry/index.ts", "../client/client", "provider/registry/ lists the kinds"],
  ["provider/type-derivation/derived.ts", "../engine/connection", "provider/type-derivation/ derives types"],
  ["provider/type-derivation/derived.ts", "../client/client", "provider/type-derivation/ derives types"],
  ["provider/public-types/generated.ts", "../resources/pipe/schema", "provider/public-types/ is the generated plain types"],
  ["provider/public-types/generated.ts", "../type-derivation/derived", "provider/public-types/ is the generated plain types"],
  ["provider/from-terraform/read.ts", "../client/client", "provider/from-terraform/ is a command"],
  ["provider/from-terraform/convert.ts", "../pr-summary/summary", "provider/from-terraform/ is a command"],
  ["provider/pr-summary/summary.ts", "../client/client", "provider/pr-summary/ reads a recorded preview"],
  ["provider/pr-summary/summary.ts", "../engine/field-diff", "provider/pr-summary/ reads a recorded preview"],
  ["provider/pr-summary/markdown.ts", "../resource-class/inputs", "provider/pr-summary/ reads a recorded preview"],
];

/** Imports the layers allow: the shared layers below, and the kinds the domain links. */
const allowed: [string, string][] = [
  ["provider/resources/stack-alert/engine.ts", "../stack-dashboard/alert-tile"],
  ["provider/resources/stack-alert/probe.ts", "../stack-dashboard/alert-tile"],
  ["provider/resources/stack-dashboard/engine.ts", "./pending-tiles"],
  ["provider/resources/stack-dashboard/alert-tile.ts", "./tile-policy"],
  ["provider/resources/stack-alert/gone.ts", "../stack-saved-search/api"],
  ["provider/resources/pipe/api.ts", "../../engine/gone"],
  ["provider/resources/pipe/api.ts", "./schema"],
  ["provider/engine/gone.ts", "../errors"],
  ["provider/schemas/connection.ts", "./plain-object"],
  ["provider/errors/operation-errors.ts", "./pipestack-error"],
  ["emulator/index.ts", "./http/errors"],
  ["provider/client/client.ts", "../errors"],
  ["provider/client/client.ts", "../config"],
  ["provider/native/resources.ts", "../resource-class/type-tokens"],
  ["provider/native/functions.ts", "../registry"],
  ["provider/functions/program-list.ts", "../engine/listing"],
  ["provider/pr-summary/summary.ts", "../registry"],
  ["provider/config.ts", "./client-defaults"],
  ["provider/config.ts", "./schemas/connection"],
  ["provider/registry/index.ts", "../resources/pipe"],
  ["provider/type-derivation/derived.ts", "../resources/pipe/schema"],
  ["provider/resources/pipe/class.ts", "../../public-types/generated"],
  ["provider/from-terraform/convert.ts", "../registry"],
];

const valueImport = (from: string) => `import { x } from "${from}";\nexport const y = x;\n`;
const typeImport = (from: string) => `import type { X } from "${from}";\nexport type Y = X;\n`;
const cases: [string, string][] = [
  ...broken.flatMap(([file, from]): [string, string][] => [
    [file, valueImport(from)],
    [file, typeImport(from)],
  ]),
  ...allowed.map(([file, from]): [string, string] => [file, valueImport(from)]),
];
const findings = new Map<string, string[]>();
beforeAll(async () => {
  const results = await inWorker<string[][]>(path.join(root, "test", "support", "layer-findings.ts"), "layerFindingsOf", root, cases);
  cases.forEach(([file, text], i) => findings.set(`${file}\n${text}`, results[i]));
}, 900_000);

/** The messages of the layer rule for `text` linted as `file`. */
function layerFindings(file: string, text: string): string[] {
  const found = findings.get(`${file}\n${text}`);
  if (!found) throw new Error(`not linted: ${file}`);
  return found;
}

describe("layer rules", () => {
  it.each(broken)(
    "%s may not import %s",
    (file, from, message) => {
      const found = layerFindings(file, valueImport(from));
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(message);
    },
    120_000,
  );

  it.each(broken)(
    "%s: a type-only import of %s is refused too",
    (file, from, message) => {
      const found = layerFindings(file, typeImport(from));
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(message);
    },
    120_000,
  );

  it.each(allowed)(
    "%s may import %s",
    (file, from) => {
      expect(layerFindings(file, valueImport(from))).toEqual([]);
    },
    120_000,
  );

  // The derivation stands above the kinds (it reads their schemas): a package file importing it
  // would close a circle through the registry, so only scripts/public-types.js reads it.
  it("no file of the package imports provider/type-derivation/ but its own", () => {
    const dir = path.join(root, "provider");
    const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.startsWith(`type-derivation${path.sep}`));
    const importers = files.filter((f) => /from "(\.{1,2}\/)+type-derivation\//.test(fs.readFileSync(path.join(dir, f), "utf8")));
    expect(importers).toEqual([]);
  });

  // The tile-alert link has one owner: the dashboard imports nothing of the alert, and the alert
  // imports of the dashboard only the module it opens (read over the tree as it is, not a sample).
  it("the tile-alert link runs one way: stack-alert/ imports only stack-dashboard/alert-tile, stack-dashboard/ nothing of stack-alert/", () => {
    const importsOf = (kind: string, other: string) => {
      const dir = path.join(root, "provider", "resources", kind);
      return fs
        .readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".ts"))
        .flatMap((f) =>
          [...fs.readFileSync(path.join(dir, f), "utf8").matchAll(new RegExp(`from "((?:\\.\\./)+(?:resources/)?${other}/[^"]*)"`, "g"))].map((m) => m[1]),
        );
    };
    expect(importsOf("stack-dashboard", "stack-alert")).toEqual([]);
    expect([...new Set(importsOf("stack-alert", "stack-dashboard"))]).toEqual(["../stack-dashboard/alert-tile"]);
  });
});
