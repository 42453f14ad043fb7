/**
 * Request-body validation against the OpenAPI description in `emulator/spec/`. The file is
 * read at run time (it ships in the package beside `dist/`, and as an asset of the release's
 * single executable, which has no folder of its own), registered with Ajv under one id, and each
 * request schema is compiled as a `$ref` into it.
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as sea from "node:sea";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { isObject, type JsonObject } from "../http/body";

const SPEC_ID = "cloud-api";
const SPEC_FILE = "cloud-api.openapi.json";

/** Request schemas the emulator validates bodies with. */
export type RequestSchema =
  | "PipePostRequest"
  | "PipePatchRequest"
  | "PipeSettingsPutRequest"
  | "PipeScalingPatchRequest"
  | "PipeStatePatchRequest"
  | "CreateReversePrivateEndpoint"
  | "UpdateReversePrivateEndpoint";

/**
 * Where the spec lives: `emulator/spec/` beside the sources (tests), or `spec/` at the root of
 * the published `pipestack-emulator` package (its build copies it there). Found by walking up.
 */
function specPath(): string {
  const looked: string[] = [];
  for (let dir = path.resolve(__dirname, ".."); ; dir = path.dirname(dir)) {
    for (const file of [path.join(dir, "spec", SPEC_FILE), path.join(dir, "emulator", "spec", SPEC_FILE)]) {
      if (existsSync(file)) return file;
      looked.push(file);
    }
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`OpenAPI description ${SPEC_FILE} not found; looked at ${looked.slice(0, 4).join(", ")}, ...`);
}

/**
 * The published schemas declare neither `type: object` nor `required`, so as written a
 * credentials object matches every `oneOf` branch and `null` matches every object branch:
 * `oneOf` would reject valid bodies. The live API accepts them, so: `oneOf` becomes `anyOf`,
 * schemas with `properties` get `type: object` (a string where an object belongs is
 * refused), and a bare `$ref` property also accepts `null` like its siblings do.
 */
export function loosen(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(loosen);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key === "oneOf" ? "anyOf" : key] = loosen(value);
  if (isObject(out.properties)) {
    if (out.type === undefined) out.type = "object";
    for (const [name, prop] of Object.entries(out.properties)) {
      if (isObject(prop) && typeof prop.$ref === "string" && Object.keys(prop).length === 1) {
        out.properties[name] = { anyOf: [prop, { type: "null" }] };
      }
    }
  }
  return out;
}

interface Spec {
  document: JsonObject;
  schemas: Record<string, JsonObject>;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
}

let loaded: Spec | undefined;

function spec(): Spec {
  if (loaded) return loaded;
  const raw = JSON.parse(sea.isSea() ? sea.getAsset(SPEC_FILE, "utf8") : readFileSync(specPath(), "utf8")) as unknown;
  const document = loosen(raw);
  if (!isObject(document) || !isObject(document.components) || !isObject(document.components.schemas)) {
    throw new Error("OpenAPI description has no components.schemas");
  }
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("password", true);
  ajv.addSchema({ ...document, $id: SPEC_ID });
  loaded = { document, schemas: document.components.schemas as Record<string, JsonObject>, ajv, validators: new Map() };
  return loaded;
}

/** `/source/kafka/offset` → `source.kafka.offset`; the root is called `body`. */
function dotted(instancePath: string): string {
  if (instancePath === "") return "body";
  return instancePath
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
}

function describe(error: ErrorObject): string {
  const where = dotted(error.instancePath);
  const params = error.params as { allowedValues?: unknown[] };
  const allowed = Array.isArray(params.allowedValues) ? ` (${params.allowedValues.map(String).join(", ")})` : "";
  return `${where}: ${error.message ?? "is invalid"}${allowed}`;
}

/**
 * Ajv's errors made readable: `anyOf` summaries are dropped, and so is "must be null" from
 * a nullable wrapper when the real branch explains the problem at the same or a deeper path.
 */
function summarise(errors: readonly ErrorObject[]): string[] {
  const kept = errors.filter((error) => {
    if (error.keyword === "anyOf") return false;
    const params = error.params as { type?: unknown };
    if (error.keyword === "type" && params.type === "null") {
      return !errors.some(
        (other) =>
          other !== error &&
          other.keyword !== "anyOf" &&
          other.instancePath.startsWith(error.instancePath) &&
          !(other.keyword === "type" && (other.params as { type?: unknown }).type === "null"),
      );
    }
    return true;
  });
  return [...new Set(kept.map(describe))];
}

/** Problems of `body` against a request schema, each `path: message`; empty when valid. */
export function validateRequest(schema: RequestSchema, body: unknown): string[] {
  const s = spec();
  let validate = s.validators.get(schema);
  if (!validate) {
    validate = s.ajv.compile({ $ref: `${SPEC_ID}#/components/schemas/${schema}` });
    s.validators.set(schema, validate);
  }
  return validate(body) ? [] : summarise(validate.errors ?? []);
}

/** Property names of a schema in the spec (for the fields a PATCH may carry, for instance). */
export function schemaProperties(schema: string): string[] {
  const properties = spec().schemas[schema]?.properties;
  return isObject(properties) ? Object.keys(properties) : [];
}

/**
 * Keys the spec's schemas do not list, each `path.key: reason`. A typo would otherwise be
 * stored (or dropped) without a word, so the emulator refuses them (see `emulator/deviations.ts`).
 */
export function unknownKeys(object: JsonObject, schemas: readonly string[], field: string, reason = "unknown field"): string[] {
  const known = new Set(schemas.flatMap((schema) => schemaProperties(schema)));
  return Object.keys(object)
    .filter((key) => !known.has(key))
    .map((key) => `${field === "" ? "" : `${field}.`}${key}: ${reason}`);
}

/** Properties of a response schema that may be `null`: reads return them as `null` when unset. */
export function nullableProperties(schema: string): string[] {
  const properties = spec().schemas[schema]?.properties;
  if (!isObject(properties)) return [];
  return Object.entries(properties)
    .filter(([, prop]) => {
      if (!isObject(prop)) return false;
      if (Array.isArray(prop.type)) return prop.type.includes("null") && !prop.type.includes("boolean");
      return Array.isArray(prop.anyOf) && prop.anyOf.some((branch) => isObject(branch) && branch.type === "null");
    })
    .map(([name]) => name);
}

/**
 * Limits a schema states only in its descriptions' prose ("Maximum length is 255
 * characters.", "Required for VPC_RESOURCE type."), read from the spec so they stay its own.
 */
export interface DescribedLimits {
  /** Property → maximum length. */
  maxLength: Record<string, number>;
  /** Discriminator value (a `type`) → properties required for it. */
  requiredFor: Record<string, string[]>;
}

/** The prose limits of a schema's properties. */
export function describedLimits(schema: string): DescribedLimits {
  const limits: DescribedLimits = { maxLength: {}, requiredFor: {} };
  const properties = spec().schemas[schema]?.properties;
  if (!isObject(properties)) return limits;
  for (const [name, prop] of Object.entries(properties)) {
    const text = isObject(prop) && typeof prop.description === "string" ? prop.description : "";
    const max = /Maximum length is (\d+) characters/.exec(text)?.[1];
    if (max !== undefined) limits.maxLength[name] = Number(max);
    for (const match of text.matchAll(/Required for (\w+) type/g)) {
      const type = match[1];
      (limits.requiredFor[type] ??= []).push(name);
    }
  }
  return limits;
}
