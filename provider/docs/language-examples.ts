import { exampleCode, LANGUAGES, type Language } from "../native/example-code";
import { examples } from "../native/examples";
import { exampleView, packageSchema, type Docs } from "../native/schema";
import type { NativeResource } from "../native/resources";

/**
 * A reference page's "In each language" section: the resource's example (provider/native/examples.ts)
 * in TypeScript, Python, Go and YAML on the native provider's SDKs, the same code the package
 * schema's descriptions carry into each generated SDK's docs. Pure.
 */

const HEADING: Readonly<Record<Language, { name: string; fence: string }>> = {
  typescript: { name: "TypeScript", fence: "ts" },
  python: { name: "Python", fence: "python" },
  go: { name: "Go", fence: "go" },
  yaml: { name: "YAML", fence: "yaml" },
};

export function languageExamples(name: NativeResource["name"], docs: Docs): string {
  const program = examples[name];
  const code = exampleCode(program, exampleView(packageSchema(docs)));
  return [
    "## In each language",
    "",
    "Through the native provider plugin and the SDKs of its schema, each installed by name (see [sdks.md](sdks.md#installation)): TypeScript on `@pipestack/pulumi-native`, Python on `pulumi_pipestack` (`pip install pulumi-pipestack`), Go on its module, and YAML, which needs no SDK. The same code is in each SDK's own docs.",
    "",
    `### ${program.title}`,
    "",
    ...LANGUAGES.flatMap((l) => [`**${HEADING[l].name}**`, "", "```" + HEADING[l].fence, code[l], "```", ""]),
  ].join("\n");
}
