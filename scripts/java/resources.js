// The Java SDK's resource classes (each resource and the provider), its functions class, its
// Config class and Utilities (the version every resource asks the engine for, read from
// version.txt in the jar, and the plugin's download URL).
"use strict";
const { ident, javaType, tokenName, upperFirst, exportRefs } = require("./types");
const { fields, OUTPUT } = require("./classes");
const { javadoc, docLines, literal } = require("./source");

const OPTIONS = "com.pulumi.resources.CustomResourceOptions";

/** The `@Export` fields and getters of a resource's output properties. */
function exports(ctx, src, className, props, required) {
  const codegen = src.use("com.pulumi.core.internal.Codegen");
  let body = "";
  for (const f of fields(props, required)) {
    const type = javaType(ctx.schema, ctx.names, f.prop, "output", `${className}.${f.wire}`);
    const { refs, tree } = exportRefs(type);
    const ty = src.type(type);
    body += javadoc(f.prop.description, "    ");
    body += `    @${src.use("com.pulumi.core.annotations.Export")}(name=${literal(f.wire)}, refs={${refs.map((r) => `${src.use(r)}.class`).join(",")}}, tree=${literal(tree)})\n`;
    body += `    private ${src.use(OUTPUT)}<${f.required ? "" : "/* @Nullable */ "}${ty}> ${f.name};\n\n`;
    body += javadoc(f.prop.description, "    ", [f.required ? "@return the value" : "@return the value, when set"]);
    body += f.required
      ? `    public Output<${ty}> ${f.name}() {\n        return this.${f.name};\n    }\n\n`
      : `    public Output<${src.use("java.util.Optional")}<${ty}>> ${f.name}() {\n        return ${codegen}.optional(this.${f.name});\n    }\n\n`;
  }
  return body;
}

/**
 * A resource class (`provider: true`: the provider resource, whose type is `pulumi:providers:<name>`),
 * its constructors, the default options (the SDK's version and plugin download URL, the secret
 * outputs) and `get` of an existing object by id.
 */
function resourceClass(ctx, src, { token, className, argsClass, resource, provider = false }) {
  const options = src.use(OPTIONS);
  const nullable = `@${src.use("javax.annotation.Nullable")}`;
  const output = src.use(OUTPUT);
  const codegen = src.use("com.pulumi.core.internal.Codegen");
  const args = src.use(argsClass);
  const type = provider ? `pulumi:providers:${ctx.schema.name}` : token;
  const base = src.use(provider ? "com.pulumi.resources.ProviderResource" : "com.pulumi.resources.CustomResource");
  const first = provider ? literal(ctx.schema.name) : literal(type);
  const secrets = Object.entries(resource.properties ?? {})
    .filter(([, p]) => p.secret)
    .map(([name]) => name)
    .sort();
  let body = javadoc(resource.description, "");
  body += `@${src.use("com.pulumi.core.annotations.ResourceType")}(type=${literal(type)})\npublic class ${className} extends ${base} {\n`;
  body += exports(ctx, src, className, resource.properties, resource.required);
  const nameDoc = "@param name The _unique_ name of the resulting resource.";
  const argsDoc = "@param args The arguments to use to populate this resource's properties.";
  const optsDoc = "@param options A bag of options that control this resource's behavior.";
  const argsRequired = (resource.requiredInputs ?? []).length > 0;
  if (!argsRequired) body += javadoc("", "    ", [nameDoc]) + `    public ${className}(String name) {\n        this(name, ${args}.Empty);\n    }\n\n`;
  body +=
    javadoc("", "    ", [nameDoc, argsDoc]) +
    `    public ${className}(String name, ${argsRequired ? "" : `${nullable} `}${args} args) {\n        this(name, args, null);\n    }\n\n`;
  body += javadoc("", "    ", [nameDoc, argsDoc, optsDoc]);
  body += `    public ${className}(String name, ${argsRequired ? "" : `${nullable} `}${args} args, ${nullable} ${options} options) {\n        super(${first}, name, makeArgs(args, options), makeResourceOptions(options, ${codegen}.empty()), false);\n    }\n\n`;
  if (!provider)
    body += `    private ${className}(String name, ${output}<String> id, ${nullable} ${options} options) {\n        super(${first}, name, null, makeResourceOptions(options, id), false);\n    }\n\n`;
  body += `    private static ${args} makeArgs(${nullable} ${args} args, ${nullable} ${options} options) {\n        if (options != null && options.getUrn().isPresent()) {\n            return null;\n        }\n        return args == null ? ${args}.Empty : args;\n    }\n\n`;
  body += `    private static ${options} makeResourceOptions(${nullable} ${options} options, ${nullable} ${output}<String> id) {\n        var defaultOptions = ${options}.builder()\n            .version(Utilities.getVersion())\n`;
  if (ctx.schema.pluginDownloadURL) body += `            .pluginDownloadURL(Utilities.getPluginDownloadURL())\n`;
  if (secrets.length)
    body += `            .additionalSecretOutputs(${src.use("java.util.List")}.of(\n${secrets.map((s) => `                ${literal(s)}`).join(",\n")}\n            ))\n`;
  body += `            .build();\n        return ${options}.merge(defaultOptions, options, id);\n    }\n`;
  if (!provider) {
    body +=
      "\n" +
      javadoc("Gets an existing object's state by its provider id, to read or import it.", "    ", [
        nameDoc,
        "@param id The provider id of the object.",
        optsDoc,
        "@return the resource",
      ]);
    body += `    public static ${className} get(String name, ${output}<String> id, ${nullable} ${options} options) {\n        return new ${className}(name, id, options);\n    }\n`;
  }
  body += `}\n`;
  return src.render(body);
}

/** `<Package>Functions`: each function of the schema, invoked with its args, its result an Output. */
function functionsClass(ctx, src, { className, functions }) {
  const output = src.use(OUTPUT);
  const invokeOptions = src.use("com.pulumi.deployment.InvokeOptions");
  const nullable = `@${src.use("javax.annotation.Nullable")}`;
  let body = `public final class ${className} {\n`;
  for (const [token, fn] of functions) {
    const name = ident(tokenName(token));
    const args = src.use(ctx.names.functionArgsClass(token));
    const result = src.use(ctx.names.functionResultClass(token));
    const doc = (extra) => javadoc(fn.description, "    ", extra);
    const optional = !(fn.inputs?.required ?? []).length;
    if (optional)
      body += doc(["@return the result"]) + `    public static ${output}<${result}> ${name}() {\n        return ${name}(${args}.Empty, null);\n    }\n\n`;
    body +=
      doc(["@param args the function's arguments", "@return the result"]) +
      `    public static ${output}<${result}> ${name}(${args} args) {\n        return ${name}(args, null);\n    }\n\n`;
    body += doc(["@param args the function's arguments", "@param options the provider, parent or version to invoke it with", "@return the result"]);
    body += `    public static ${output}<${result}> ${name}(${args} args, ${nullable} ${invokeOptions} options) {\n        return ${src.use("com.pulumi.deployment.Deployment")}.getInstance().invoke(${literal(token)}, ${src.use("com.pulumi.core.TypeShape")}.of(${result}.class), args, Utilities.withVersion(options));\n    }\n\n`;
  }
  body = body.replace(/\n\n$/, "\n") + `}\n`;
  return src.render(body);
}

const CONFIG_PROPS = { string: "stringProp", integer: "integerProp", number: "doubleProp", boolean: "booleanProp" };

/** `Config`: the package's stack config settings (`<package>:<key>`), each read as the engine has it. */
function configClass(ctx, src, { className, variables }) {
  const config = src.use("com.pulumi.Config");
  const codegen = src.use("com.pulumi.core.internal.Codegen");
  const optional = src.use("java.util.Optional");
  let body = javadoc(`The stack config of \`${ctx.schema.name}\` (\`pulumi config set ${ctx.schema.name}:<key>\`), as the provider reads it.`, "");
  body += `public final class ${className} {\n\n    private static final ${config} config = ${config}.of(${literal(ctx.schema.name)});\n`;
  for (const [key, v] of Object.entries(variables).sort(([a], [b]) => a.localeCompare(b))) {
    const prop = CONFIG_PROPS[v.type] ?? "stringProp";
    const ty = { stringProp: "String", integerProp: "Integer", doubleProp: "Double", booleanProp: "Boolean" }[prop];
    body += "\n" + javadoc(v.description, "    ", ["@return the setting, when set"]);
    body += `    public ${optional}<${ty}> ${ident(key)}() {\n        return ${codegen}.${prop}(${literal(key)}).config(config).get();\n    }\n`;
  }
  body += `}\n`;
  return src.render(body);
}

/** `Utilities`: the SDK's version (version.txt beside the classes) and where the engine downloads its plugin. */
function utilitiesClass(ctx, src, { resource }) {
  const invokeOptions = src.use("com.pulumi.deployment.InvokeOptions");
  const nullable = `@${src.use("javax.annotation.Nullable")}`;
  const url = ctx.schema.pluginDownloadURL ? literal(ctx.schema.pluginDownloadURL) : "null";
  const body = `public final class Utilities {

    private static final String version = readVersion();

    private Utilities() {}

    /**
     * @return the version of the plugin this SDK asks the engine for: the SDK's own
     */
    public static String getVersion() {
        return version;
    }

    /**
     * @return where the engine downloads the plugin from when it is not installed
     */
    public static ${nullable} String getPluginDownloadURL() {
        return ${url};
    }

    /**
     * @param options the caller's options, or null
     * @return the options with this SDK's version and plugin download URL, unless the caller set a version
     */
    public static ${invokeOptions} withVersion(${nullable} ${invokeOptions} options) {
        if (options != null && options.getVersion().isPresent()) {
            return options;
        }
        return new ${invokeOptions}(
            options == null ? null : options.getParent().orElse(null),
            options == null ? null : options.getProvider().orElse(null),
            getVersion(),
            getPluginDownloadURL()
        );
    }

    private static String readVersion() {
        var stream = Utilities.class.getClassLoader().getResourceAsStream(${literal(resource)});
        if (stream == null) {
            throw new IllegalStateException(${literal(`expected resource '${resource}' on the classpath: is the SDK's jar whole?`)});
        }
        try (var reader = new ${src.use("java.io.BufferedReader")}(new ${src.use("java.io.InputStreamReader")}(stream, ${src.use("java.nio.charset.StandardCharsets")}.UTF_8))) {
            return reader.lines().collect(${src.use("java.util.stream.Collectors")}.joining("\\n")).trim();
        } catch (${src.use("java.io.IOException")} e) {
            throw new ${src.use("java.io.UncheckedIOException")}(e);
        }
    }
}
`;
  return src.render(body);
}

module.exports = { resourceClass, functionsClass, configClass, utilitiesClass, upperFirst, docLines };
