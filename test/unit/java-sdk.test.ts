import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { packageSchema } from "../../provider/native/schema";

/**
 * The Java SDK generator (scripts/java-sdk.js, scripts/java/) on the package schema: which class
 * each schema entry becomes and what it declares, without Maven (test/e2e/java-automation.test.ts
 * builds the classes and runs them).
 */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
type Ty = { name: string; args: Ty[] };
const { javaSdkFiles } = load("./scripts/java-sdk.js") as {
  javaSdkFiles(schema: unknown): { files: Record<string, string>; coordinates: Record<string, string> };
};
const types = load("./scripts/java/types.js") as {
  ident(name: string): string;
  exportRefs(type: Ty): { refs: string[]; tree: string };
  javaType(schema: unknown, names: unknown, prop: unknown, mode: "input" | "output", where: string): Ty;
  classNames(pkg: string): unknown;
  t(name: string, ...args: Ty[]): Ty;
};

const URL = "https://downloads.example.test/pipestack/v1.2.3/";
const schema = packageSchema({}, "1.2.3", URL);
const { files, coordinates } = javaSdkFiles(schema);
const PKG = "src/main/java/com/pipestack/pipestack";
const file = (rel: string): string => {
  const text = files[`${PKG}/${rel}`];
  if (text === undefined) throw new Error(`no ${rel} among ${Object.keys(files).length} files`);
  return text;
};
const name = (token: string) => token.split(":").pop()!;
const { t } = types;
const S = "java.lang.String";

describe("names", () => {
  it.each([
    ["displayType", "displayType"],
    ["default", "default_"],
    ["class", "class_"],
    ["x-y", "x_y"],
    ["1st", "_1st"],
  ])("property %s is the Java identifier %s", (wire, java) => {
    expect(types.ident(wire)).toBe(java);
  });

  it("the coordinates come from the schema, neutral by default", () => {
    expect(coordinates).toMatchObject({ packageName: "com.pipestack.pipestack", groupId: "com.pipestack", artifactId: "pipestack", version: "1.2.3" });
  });
});

describe("types", () => {
  const names = types.classNames("p");
  const withTypes = { types: { "x:index:Color": { type: "string", enum: [{ value: "red" }] }, "x:index:Box": { type: "object", properties: {} } } };
  it.each([
    [{ type: "string" }, "input", t(S)],
    [{ type: "integer" }, "input", t("java.lang.Integer")],
    [{ type: "number" }, "input", t("java.lang.Double")],
    [{ type: "boolean" }, "output", t("java.lang.Boolean")],
    [{ type: "array", items: { type: "string" } }, "input", t("java.util.List", t(S))],
    [{ type: "object", additionalProperties: { type: "string" } }, "output", t("java.util.Map", t(S), t(S))],
    [{ type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } }, "input", t("java.util.Map", t(S), t("java.lang.Object"))],
    [{ $ref: "#/types/x:index:Color" }, "input", t("p.enums.Color")],
    [{ $ref: "#/types/x:index:Box" }, "input", t("p.inputs.BoxArgs")],
    [{ $ref: "#/types/x:index:Box" }, "output", t("p.outputs.Box")],
    [{ type: "array", items: { $ref: "#/types/x:index:Box" } }, "output", t("java.util.List", t("p.outputs.Box"))],
  ] as const)("%j as %s is %j", (prop, mode, expected) => {
    expect(types.javaType(withTypes, names, prop, mode, "R.field")).toEqual(expected);
  });

  it("a form with no Java type is refused with the property's path", () => {
    expect(() => types.javaType(withTypes, names, { $ref: "pulumi.json#/Archive" }, "input", "R.field")).toThrow(/R\.field refers to pulumi\.json#\/Archive/);
    expect(() => types.javaType(withTypes, names, { type: "tuple" }, "input", "R.field")).toThrow(/R\.field has a type the Java SDK cannot express/);
  });

  it.each([
    [t(S), [S], "[0]"],
    [t("java.util.List", t(S)), ["java.util.List", S], "[0,1]"],
    [t("java.util.Map", t(S), t(S)), ["java.util.Map", S], "[0,1,1]"],
    [t("java.util.List", t("java.util.Map", t(S), t("java.lang.Object"))), ["java.util.List", "java.util.Map", S, "java.lang.Object"], "[0,[1,2,3]]"],
  ])("@Export of %j names %j with the tree %s", (type, refs, tree) => {
    expect(types.exportRefs(type)).toEqual({ refs, tree });
  });
});

describe("classes of the package schema", () => {
  const resources = Object.entries(schema.resources);

  it.each(resources)("%s: a resource class of its token, and its Args checking each required input", (token, spec) => {
    const cls = file(`${name(token)}.java`);
    expect(cls).toContain(`@ResourceType(type="${token}")`);
    expect(cls).toContain(`public class ${name(token)} extends CustomResource`);
    for (const out of Object.keys(spec.properties ?? {})) expect(cls).toContain(`@Export(name="${out}"`);
    const secrets = Object.entries(spec.properties ?? {})
      .filter(([, p]) => p.secret)
      .map(([k]) => k)
      .sort();
    if (secrets.length) expect(cls).toMatch(new RegExp(`additionalSecretOutputs\\(List\\.of\\(\\n${secrets.map((k) => ` *"${k}"`).join(",\\n")}\\n`));
    else expect(cls).not.toContain("additionalSecretOutputs");
    expect(cls).toContain(".version(Utilities.getVersion())");
    const args = file(`${name(token)}Args.java`);
    for (const input of Object.keys(spec.inputProperties ?? {})) expect(args).toContain(`@Import(name="${input}"`);
    for (const req of spec.requiredInputs ?? [])
      expect(args).toContain(`$.${types.ident(req)} = Objects.requireNonNull($.${types.ident(req)}, "expected parameter '${req}' to be non-null");`);
  });

  it("a secret input is made secret by the builder, whatever the caller passes", () => {
    expect(file("StackConnectionArgs.java")).toContain("$.password = password == null ? null : password.asSecret();");
    expect(file("ProviderArgs.java")).toContain("$.keySecret = keySecret == null ? null : keySecret.asSecret();");
    expect(file("ProviderArgs.java")).toContain("$.keyId = keyId;");
  });

  it("each enum is an @EnumType of the schema's values, sent through its converter", () => {
    const enums = Object.entries(schema.types).filter(([, ty]) => "enum" in ty);
    expect(enums.length).toBeGreaterThan(0);
    for (const [token, ty] of enums) {
      const cls = file(`enums/${name(token)}.java`);
      expect(cls).toContain("@EnumType.Converter");
      for (const member of (ty as { enum: { value: string }[] }).enum) expect(cls).toContain(`("${member.value}")`);
    }
  });

  it("an object type has an input class where inputs use it and an output class where outputs do", () => {
    expect(file("inputs/PipeSourceKafkaArgs.java")).toContain("public final class PipeSourceKafkaArgs extends ResourceArgs");
    expect(file("outputs/PipeSourceKafka.java")).toMatch(/@CustomType\npublic final class PipeSourceKafka \{/);
    // Only listed by functions: no input class.
    expect(files[`${PKG}/outputs/GetStackSourcesItem.java`]).toContain("@CustomType.Setter");
    expect(files[`${PKG}/inputs/GetStackSourcesItemArgs.java`]).toBeUndefined();
  });

  it("the provider resource takes its settings, those not strings sent as JSON", () => {
    expect(file("Provider.java")).toContain('@ResourceType(type="pulumi:providers:pipestack")');
    expect(file("Provider.java")).toContain('super("pipestack", name,');
    const args = file("ProviderArgs.java");
    expect(args).toContain('@Import(name="pollIntervalMs", json=true)');
    expect(args).toContain('@Import(name="apiUrl")\n');
  });

  it("functions invoke their token with the SDK's version; Config reads the package's settings", () => {
    const fns = file("PipestackFunctions.java");
    for (const token of Object.keys(schema.functions))
      expect(fns).toContain(`invoke("${token}", TypeShape.of(${name(token).replace(/^./, (c) => c.toUpperCase())}Result.class)`);
    expect(file("Config.java")).toContain('Codegen.integerProp("pollIntervalMs").config(config).get()');
  });

  it("the jar carries the version the resources ask the engine for, and where it downloads the plugin", () => {
    expect(files["src/main/resources/com/pipestack/pipestack/version.txt"]).toBe("1.2.3\n");
    expect(file("Utilities.java")).toContain(`return "${URL}";`);
    expect(file("Pipe.java")).toContain(".pluginDownloadURL(Utilities.getPluginDownloadURL())");
    expect(files["pom.xml"]).toMatch(/<groupId>com\.pulumi<\/groupId>\s*<artifactId>pulumi<\/artifactId>\s*<version>1\.36\.1<\/version>/);
    expect(files["pom.xml"]).toContain("<artifactId>pipestack</artifactId>\n  <version>1.2.3</version>");
  });

  it("every Java source says it is generated and not to be edited", () => {
    for (const [rel, text] of Object.entries(files))
      if (rel.endsWith(".java")) expect(text.startsWith("// *** WARNING: this file was generated"), rel).toBe(true);
  });
});
