// The shapes of the Java SDK's classes, as Pulumi's Java SDKs have them: an input class (`...Args`,
// fields annotated `@Import`, a builder taking a value or an `Output`), an output class
// (`@CustomType`, a builder the deserializer fills through `@CustomType.Setter`), an enum
// (`@EnumType`, its wire value through `@EnumType.Converter`). Each takes a JavaSource and the
// schema's properties, and returns the class's text.
"use strict";
const { ident, javaType, t } = require("./types");
const { javadoc, docLines, literal } = require("./source");

const OUTPUT = "com.pulumi.core.Output";

/** The properties of an object in a stable order, each with its Java field name and whether it is required. */
function fields(props, required) {
  const req = new Set(required ?? []);
  return Object.entries(props ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([wire, prop]) => ({ wire, prop, name: ident(wire), required: req.has(wire) }));
}

/**
 * An input class: `base` is ResourceArgs (a resource's or nested object's inputs) or InvokeArgs
 * (a function's). `json`: values other than strings are sent JSON-encoded, as a provider's
 * settings are. `secret` properties are made secret by the builder, whatever the caller passes.
 */
function inputClass(ctx, src, { className, base, props, required, description, json = false }) {
  const out = (ty) => `${src.use(OUTPUT)}<${src.type(ty)}>`;
  const nullable = () => `@${src.use("javax.annotation.Nullable")} `;
  const fs = fields(props, required).map((f) => ({ ...f, type: javaType(ctx.schema, ctx.names, f.prop, "input", `${className}.${f.wire}`) }));
  const objects = src.use("java.util.Objects");
  let body = javadoc(description, "");
  body += `public final class ${className} extends ${src.use(base)} {\n\n    public static final ${className} Empty = new ${className}();\n\n`;
  for (const f of fs) {
    const jsonFlag = json && f.type.name !== "java.lang.String" ? ", json=true" : "";
    body += javadoc(f.prop.description, "    ");
    body += `    @${src.use("com.pulumi.core.annotations.Import")}(name=${literal(f.wire)}${f.required ? ", required=true" : ""}${jsonFlag})\n`;
    body += `    private ${f.required ? "" : nullable()}${out(f.type)} ${f.name};\n\n`;
    body += javadoc(f.prop.description, "    ", [f.required ? "@return the value" : "@return the value, when set"]);
    body += f.required
      ? `    public ${out(f.type)} ${f.name}() {\n        return this.${f.name};\n    }\n\n`
      : `    public ${src.use("java.util.Optional")}<${out(f.type)}> ${f.name}() {\n        return Optional.ofNullable(this.${f.name});\n    }\n\n`;
  }
  if (fs.some((f) => !f.required)) src.use("java.util.Optional");
  body += `    private ${className}() {}\n\n    private ${className}(${className} $) {\n`;
  for (const f of fs) body += `        this.${f.name} = $.${f.name};\n`;
  body += `    }\n\n    public static Builder builder() {\n        return new Builder();\n    }\n\n    public static Builder builder(${className} defaults) {\n        return new Builder(defaults);\n    }\n\n`;
  body += `    public static final class Builder {\n        private ${className} $;\n\n        public Builder() {\n            $ = new ${className}();\n        }\n\n        public Builder(${className} defaults) {\n            $ = new ${className}(${objects}.requireNonNull(defaults));\n        }\n\n`;
  for (const f of fs) {
    const param = javadoc("", "        ", [`@param ${f.name} ${docLines(f.prop.description)[0] ?? "the value"}`, "@return builder"]);
    const value = f.prop.secret ? `${f.name} == null ? null : ${f.name}.asSecret()` : f.name;
    body += `${param}        public Builder ${f.name}(${f.required ? "" : nullable()}${out(f.type)} ${f.name}) {\n            $.${f.name} = ${value};\n            return this;\n        }\n\n`;
    body += `${param}        public Builder ${f.name}(${src.type(f.type)} ${f.name}) {\n            return ${f.name}(${src.use(OUTPUT)}.of(${f.name}));\n        }\n\n`;
    if (f.type.name === "java.util.List") {
      const element = src.type(f.type.args[0]);
      body += `${param}        public Builder ${f.name}(${element}... ${f.name}) {\n            return ${f.name}(${src.use("java.util.List")}.of(${f.name}));\n        }\n\n`;
    }
  }
  body += `        public ${className} build() {\n`;
  for (const f of fs.filter((x) => x.required))
    body += `            $.${f.name} = ${objects}.requireNonNull($.${f.name}, ${literal(`expected parameter '${f.wire}' to be non-null`)});\n`;
  body += `            return $;\n        }\n    }\n}\n`;
  return src.render(body);
}

/** An output class: what the engine returns for an object type, filled by its builder's setters. */
function outputClass(ctx, src, { className, props, required, description }) {
  const nullable = () => `@${src.use("javax.annotation.Nullable")} `;
  const fs = fields(props, required).map((f) => ({ ...f, type: javaType(ctx.schema, ctx.names, f.prop, "output", `${className}.${f.wire}`) }));
  const customType = src.use("com.pulumi.core.annotations.CustomType");
  const objects = src.use("java.util.Objects");
  let body = javadoc(description, "");
  body += `@${customType}\npublic final class ${className} {\n`;
  for (const f of fs) {
    body += javadoc(f.prop.description, "    ");
    body += `    private ${f.required ? "" : nullable()}${src.type(f.type)} ${f.name};\n`;
  }
  body += `\n    private ${className}() {}\n`;
  for (const f of fs) {
    const ty = src.type(f.type);
    body += "\n" + javadoc(f.prop.description, "    ", [f.required ? "@return the value" : "@return the value, when set"]);
    if (f.required) body += `    public ${ty} ${f.name}() {\n        return this.${f.name};\n    }\n`;
    else if (f.type.name === "java.util.List")
      body += `    public ${ty} ${f.name}() {\n        return this.${f.name} == null ? ${src.use("java.util.List")}.of() : this.${f.name};\n    }\n`;
    else if (f.type.name === "java.util.Map")
      body += `    public ${ty} ${f.name}() {\n        return this.${f.name} == null ? ${src.use("java.util.Map")}.of() : this.${f.name};\n    }\n`;
    else body += `    public ${src.use("java.util.Optional")}<${ty}> ${f.name}() {\n        return Optional.ofNullable(this.${f.name});\n    }\n`;
  }
  body += `\n    public static Builder builder() {\n        return new Builder();\n    }\n\n    public static Builder builder(${className} defaults) {\n        return new Builder(defaults);\n    }\n\n`;
  body += `    @${customType}.Builder\n    public static final class Builder {\n`;
  for (const f of fs) body += `        private ${f.required ? "" : nullable()}${src.type(f.type)} ${f.name};\n`;
  body += `\n        public Builder() {}\n\n        public Builder(${className} defaults) {\n            ${objects}.requireNonNull(defaults);\n`;
  for (const f of fs) body += `            this.${f.name} = defaults.${f.name};\n`;
  body += `        }\n\n`;
  for (const f of fs) {
    const setter = f.name === f.wire ? `@${customType}.Setter` : `@${customType}.Setter(${literal(f.wire)})`;
    const check = f.required ? `${objects}.requireNonNull(${f.name}, ${literal(`expected '${f.wire}' in ${className}`)})` : f.name;
    body += `        ${setter}\n        public Builder ${f.name}(${f.required ? "" : nullable()}${src.type(f.type)} ${f.name}) {\n            this.${f.name} = ${check};\n            return this;\n        }\n\n`;
    if (f.type.name === "java.util.List") {
      const element = src.type(f.type.args[0]);
      body += `        public Builder ${f.name}(${element}... ${f.name}) {\n            return ${f.name}(${src.use("java.util.List")}.of(${f.name}));\n        }\n\n`;
    }
  }
  body += `        public ${className} build() {\n            final var result = new ${className}();\n`;
  for (const f of fs) body += `            result.${f.name} = ${f.name};\n`;
  body += `            return result;\n        }\n    }\n}\n`;
  return src.render(body);
}

/** A constant's Java name: the schema's name of the value (or the value), made an identifier. */
const constantName = (member) => ident(String(member.name ?? member.value).replace(/^[^A-Za-z_]/, "_$&"));

/** An enum of the schema's values, each sent as its wire value. */
function enumClass(ctx, src, { className, type }) {
  const underlying =
    type.type === "integer"
      ? "java.lang.Integer"
      : type.type === "number"
        ? "java.lang.Double"
        : type.type === "boolean"
          ? "java.lang.Boolean"
          : "java.lang.String";
  const u = src.use(underlying);
  const enumType = src.use("com.pulumi.core.annotations.EnumType");
  let body = javadoc(type.description, "");
  body += `@${enumType}\npublic enum ${className} {\n`;
  body += type.enum
    .map(
      (m, i) =>
        javadoc(m.description, "    ") +
        `    ${constantName(m)}(${underlying === "java.lang.String" ? literal(m.value) : m.value})${i === type.enum.length - 1 ? ";" : ","}\n`,
    )
    .join("");
  body += `\n    private final ${u} value;\n\n    ${className}(${u} value) {\n        this.value = ${src.use("java.util.Objects")}.requireNonNull(value);\n    }\n\n`;
  body += `    /**\n     * @return the value as the provider takes it\n     */\n    @${enumType}.Converter\n    public ${u} getValue() {\n        return this.value;\n    }\n\n`;
  body += `    @Override\n    public String toString() {\n        return new ${src.use("java.util.StringJoiner")}(", ", "${className}[", "]")\n            .add("value='" + this.value + "'")\n            .toString();\n    }\n}\n`;
  return src.render(body);
}

module.exports = { inputClass, outputClass, enumClass, fields, constantName, OUTPUT, t };
