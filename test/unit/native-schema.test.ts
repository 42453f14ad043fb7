import { describe, expect, it } from "vitest";
import { settingKeys } from "../../provider/config";
import { checkConfig, diffConfig, settingValues } from "../../provider/native/provider-config";
import { nativeResources, tokenOf } from "../../provider/native/resources";
import { packageSchema, type EnumTypeSpec, type ObjectTypeSpec } from "../../provider/native/schema";
import { singular } from "../../provider/native/schema-names";
import { secret } from "../../provider/native/values";

const docs = {
  Pipe: "A pipe.",
  "Pipe.source.kafka.brokers": "Broker list.",
  "Pipe#state": "The state.",
  "config.apiUrl": "Base URL.",
};
const schema = packageSchema(docs, "1.2.3");
const pipe = schema.resources["pipestack:index:Pipe"];
const type = (token: string) => schema.types[`pipestack:index:${token}`] as ObjectTypeSpec;

/** Every `$ref` in the schema, with where it is. */
function refs(node: unknown, at = "", out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((n, i) => refs(n, `${at}[${i}]`, out));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.push([at, v]);
      else refs(v, `${at}.${k}`, out);
    }
  }
  return out;
}

describe("package schema from the resources' definitions", () => {
  it("has the five resources, each with every field of its spec as an input and the connection", () => {
    expect(Object.keys(schema.resources).sort()).toEqual(nativeResources.map(tokenOf).sort());
    for (const r of nativeResources) {
      const spec = schema.resources[tokenOf(r)];
      expect(Object.keys(spec.inputProperties).sort(), r.name).toEqual([...Object.keys(r.spec.shape), "connection"].sort());
      for (const key of Object.keys(r.serverOutputs)) expect(spec.properties, `${r.name}.${key}`).toHaveProperty(key);
      expect(spec.requiredInputs, r.name).not.toContain("name");
    }
  });

  // SDKs type a required output as always set (a value, not an Optional or a pointer): the name
  // and what the program must set, never a computed output some servers leave out.
  it.each(nativeResources.map((r) => [r.name, r] as const))("%s: required outputs are its name and its required inputs", (_name, r) => {
    const spec = schema.resources[tokenOf(r)];
    expect(spec.required.sort()).toEqual([...("name" in r.spec.shape ? ["name"] : []), ...spec.requiredInputs].sort());
    for (const key of Object.keys(r.serverOutputs)) expect(spec.required, key).not.toContain(key);
  });

  it("has the three functions, their arguments and a list of items", () => {
    expect(Object.keys(schema.functions).sort()).toEqual([
      "pipestack:index:getReversePrivateEndpoints",
      "pipestack:index:getStackSources",
      "pipestack:index:getStackWebhooks",
    ]);
    const sources = schema.functions["pipestack:index:getStackSources"];
    expect(Object.keys(sources.inputs.properties).sort()).toEqual(["connection", "organizationId", "serviceId", "stackUrl"]);
    expect(sources.outputs.properties.items).toMatchObject({ type: "array", items: { $ref: "#/types/pipestack:index:GetStackSourcesItem" } });
    expect(type("GetStackSourcesItem").properties).toHaveProperty("kind");
  });

  it("types fields from the zod schemas", () => {
    expect(pipe.requiredInputs.sort()).toEqual(["destination", "source"]);
    expect(type("PipeScaling").properties.replicas.type).toBe("integer");
    expect(type("PipeScaling").properties.replicaMemoryGb.type).toBe("number");
    expect(type("PipeSourceKafka").required).toEqual(["brokers", "topics"]);
    expect(type("PipeSourceKafka").properties.reversePrivateEndpointIds).toMatchObject({ type: "array", items: { type: "string" } });
    expect(schema.resources["pipestack:index:StackDashboard"].properties.tileIds).toMatchObject({ type: "object", additionalProperties: { type: "string" } });
  });

  it("types a dashboard's tiles output as the server stores them (ids, keys), and pendingTiles alike, reusing the tiles' types", () => {
    const board = schema.resources["pipestack:index:StackDashboard"];
    const stored = { type: "array", items: { $ref: "#/types/pipestack:index:StackDashboardStoredTile" } };
    expect(board.properties.tiles).toMatchObject(stored);
    expect(board.properties.pendingTiles).toMatchObject(stored);
    expect(board.inputProperties).not.toHaveProperty("pendingTiles");
    // The input stays the program's tile: no id, its key optional.
    expect(board.inputProperties.tiles).toMatchObject({ type: "array", items: { $ref: "#/types/pipestack:index:StackDashboardTile" } });
    const tile = type("StackDashboardTile");
    expect(tile.properties).not.toHaveProperty("id");
    expect(tile.required).not.toContain("key");
    const output = type("StackDashboardStoredTile");
    expect(output.required).toEqual(expect.arrayContaining(["id", "key", "name"]));
    expect(Object.keys(output.properties).sort()).toEqual([...Object.keys(tile.properties), "id"].sort());
    // One type per schema below the tile: a copy named after the output would double every tile type in the SDKs.
    expect(output.properties.series).toEqual(tile.properties.series);
    expect(output.properties.config).toEqual(tile.properties.config);
    expect(Object.keys(schema.types).filter((t) => /^pipestack:index:StackDashboard(Stored|Pending)Tile/.test(t))).toEqual([
      "pipestack:index:StackDashboardStoredTile",
    ]);
  });

  it("types every output whose policy declares its own shape by that shape, named apart from the input's", () => {
    const own = nativeResources.flatMap((r) =>
      Object.entries(r.diff.fields)
        .filter(([, node]) => node.output)
        .map(([key]) => [r, key] as const),
    );
    expect(own.map(([r, key]) => `${r.name}.${key}`)).toEqual(["StackDashboard.tiles"]);
    for (const [r, key] of own) {
      const spec = schema.resources[tokenOf(r)];
      expect(spec.properties[key], `${r.name}#${key}`).not.toEqual(expect.objectContaining({ items: spec.inputProperties[key].items }));
    }
  });

  it("documents an output type's fields by the output's doc comments, else the input's at the same path", () => {
    const documented = packageSchema({ "StackDashboard.tiles.name": "Title.", "StackDashboard#tiles.id": "The id.", "StackDashboard.tiles.key": "Input key." });
    const output = documented.types["pipestack:index:StackDashboardStoredTile"] as ObjectTypeSpec;
    expect(output.properties.name.description).toBe("Title.");
    expect(output.properties.id.description).toBe("The id.");
    expect(output.properties.key.description).toBe("Input key.");
  });

  it("resolves every type reference", () => {
    for (const [at, ref] of refs(schema)) {
      if (ref.startsWith("pulumi.json#")) continue;
      expect(ref, at).toMatch(/^#\/types\//);
      expect(schema.types, `${at} -> ${ref}`).toHaveProperty([ref.slice("#/types/".length)]);
    }
  });

  it("marks secret what the field policies and the settings call secret", () => {
    expect(type("PipeSourceKafka").properties.credentials.secret).toBe(true);
    expect(type("PipeSourceKafkaSchemaRegistry").properties.credentials.secret).toBe(true);
    expect(type("PipeSourceObjectStorage").properties.accessKey.secret).toBe(true);
    expect(type("PipeSourceKafka").properties.brokers.secret).toBeUndefined();
    expect(pipe.properties.sourceSecrets.secret).toBe(true);
    expect(pipe.inputProperties.connection.secret).toBe(true);
    expect(type("Connection").properties.keySecret.secret).toBe(true);
    const secretSettings = Object.entries(schema.config.variables)
      .filter(([, v]) => v.secret)
      .map(([k]) => k);
    expect(secretSettings.sort()).toEqual(["keySecret", "stackToken"]);
    expect(Object.keys(schema.provider.inputProperties)).toEqual(Object.keys(settingKeys));
  });

  it("takes descriptions from the doc comments, and lists an enum's values", () => {
    expect(pipe.description).toMatch(/^A pipe\.\n\n{{% examples %}}\n/);
    expect(type("PipeSourceKafka").properties.brokers.description).toBe("Broker list.");
    expect(pipe.properties.state.description).toBe("The state.");
    expect(schema.config.variables.apiUrl.description).toBe("Base URL.\n\nEnvironment variable: `PIPESTACK_API_URL`.");
    expect(type("PipeSourceKafka").properties.format.description).toContain("`AvroConfluent`");
    expect(schema.version).toBe("1.2.3");
  });
});

describe("what other languages' SDKs need of the schema", () => {
  const enumOf = (token: string) => schema.types[`pipestack:index:${token}`] as EnumTypeSpec;

  it("makes each closed set an enum type, every value named", () => {
    expect(type("PipeSourceKafka").properties.format.$ref).toBe("#/types/pipestack:index:PipeSourceKafkaFormat");
    expect(enumOf("PipeSourceKafkaFormat")).toMatchObject({
      type: "string",
      enum: ["JSONEachRow", "Avro", "AvroConfluent", "Protobuf"].map((value) => ({ value, name: value })),
    });
    expect(enumOf("PipeSourceKafkaAuthentication").enum).toContainEqual({ value: "SCRAM-SHA-256", name: "ScramSha256" });
    expect(enumOf("StackAlertThresholdType").enum.map((v) => v.value)).toContain("not_between");
    expect(enumOf("StackSavedSearchFilterOperator").enum).toContainEqual({ value: "<=", name: "LessThanOrEqual" });
    expect(schema.resources["pipestack:index:StackAlert"].inputProperties.interval.$ref).toBe("#/types/pipestack:index:StackAlertInterval");
  });

  it("names a list's element type in the singular, and shares a type made of the same schema", () => {
    expect(pipe.inputProperties.fieldMappings).toMatchObject({ type: "array", items: { $ref: "#/types/pipestack:index:PipeFieldMapping" } });
    expect(schema.types).not.toHaveProperty(["pipestack:index:PipeFieldMappings"]);
    const items = refs(schema).filter(([at]) => at.endsWith(".items"));
    expect(items.length).toBeGreaterThan(5);
    for (const [at, ref] of items) expect(ref, at).toBe(singular(ref));
    const alert = schema.resources["pipestack:index:StackAlert"].inputProperties;
    expect(alert.channels.items?.$ref).toBe(alert.channel.$ref);
  });

  it("names each language's package and has every SDK carry the version", () => {
    expect(schema.language.python.packageName).toBe("pulumi_pipestack");
    expect(schema.language.nodejs.packageName).toBe("@pipestack/pulumi-native");
    expect(schema.language.go.importBasePath).toBe("github.com/pipestack/pulumi-pipestack/sdk/go/pipestack");
    expect(schema.language.csharp.rootNamespace).toBe("Pipestack");
    for (const l of Object.values(schema.language)) expect(l.respectSchemaVersion).toBe(true);
    expect(schema.meta.supportPack).toBe(true);
    // A pack needs a version: without one (a schema for a test), none is claimed.
    expect(packageSchema(docs).meta.supportPack).toBeUndefined();
  });
});

describe("provider configuration", () => {
  it("reads settings from provider inputs or configure variables, as stack config text", () => {
    expect(settingValues({ apiUrl: "http://a", keySecret: secret("s"), maxRetries: 3 })).toEqual({ apiUrl: "http://a", keySecret: "s", maxRetries: "3" });
    expect(settingValues({}, { "pipestack:config:keyId": "k", "pipestack:serviceId": "svc" })).toEqual({ keyId: "k", serviceId: "svc" });
  });

  it("keeps credentials secret and reports a setting that cannot be used", () => {
    const ok = checkConfig({ apiUrl: "http://a", keySecret: "s" });
    expect(ok.failures).toEqual([]);
    expect(ok.inputs).toEqual({ apiUrl: "http://a", keySecret: secret("s") });
    const bad = checkConfig({ apiUrl: "not a url", keySecret: "s" });
    expect(bad.failures).toHaveLength(1);
    expect(bad.failures[0].property).toBe("apiUrl");
    expect(bad.failures[0].reason).not.toContain("not a url");
  });

  it("diffs settings one by one", () => {
    expect(diffConfig({ apiUrl: "http://a", keyId: "k" }, { apiUrl: "http://b", keySecret: secret("s") })).toEqual({
      changes: true,
      detailedDiff: { apiUrl: "update", keyId: "delete", keySecret: "add" },
    });
    expect(diffConfig({ apiUrl: "http://a" }, { apiUrl: "http://a" }).changes).toBe(false);
  });
});
