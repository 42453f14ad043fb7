/**
 * The document the fuzz stage runs on: the reference OpenAPI description with the emulator's
 * documented deviations applied (emulator/deviations.ts) to the response side only, and the
 * path ids pinned to objects that exist, so generated requests reach real pipes of each kind.
 */
import type { JsonObject } from "../../emulator/http/body";
import { DEVIATIONS, type Deviation, type SpecEditor } from "../../emulator/deviations";

/** Ids the path parameters may take; DELETE gets its own pool so the others stay alive. */
export interface FuzzTargets {
  organizationId: string;
  serviceId: string;
  keep: { pipeId: string[]; reversePrivateEndpointId: string[] };
  delete: { pipeId: string[]; reversePrivateEndpointId: string[] };
  /**
   * One pipe per kind, in one kind order, as `pipeId` examples. The examples phase pairs
   * body example `i` with pipe `i % n`, so body examples listed in the same order reach
   * the kind they are written for.
   */
  examplePipes?: { keep: string[]; delete: string[] };
  /** Request-body examples by operationId, each sent by the examples phase. */
  bodyExamples?: Record<string, JsonObject[]>;
}

const REF = "#/components/schemas/";
const READ_SUFFIX = "Read";
const METHODS = ["get", "put", "post", "patch", "delete"];

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Rewrites every schema `$ref` under `node` to the response copy, creating copies as met. */
function pointAtReads(node: unknown, schemas: Record<string, JsonObject>): void {
  if (Array.isArray(node)) return node.forEach((item) => pointAtReads(item, schemas));
  if (!isObject(node)) return;
  if (typeof node.$ref === "string" && node.$ref.startsWith(REF) && !node.$ref.endsWith(READ_SUFFIX)) {
    const name = node.$ref.slice(REF.length);
    const copy = `${name}${READ_SUFFIX}`;
    node.$ref = `${REF}${copy}`;
    if (schemas[copy] === undefined) {
      const original = schemas[name];
      if (original === undefined) throw new Error(`no schema ${name}`);
      schemas[copy] = structuredClone(original);
      pointAtReads(schemas[copy], schemas);
    }
    return;
  }
  for (const value of Object.values(node)) pointAtReads(value, schemas);
}

function operations(doc: JsonObject): Array<[string, string, JsonObject]> {
  const paths = doc.paths as Record<string, JsonObject>;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => isObject(item[m])).map((m) => [path, m, item[m] as JsonObject] as [string, string, JsonObject]),
  );
}

function editor(doc: JsonObject): SpecEditor {
  const schemas = (doc.components as JsonObject).schemas as Record<string, JsonObject>;
  for (const [, , operation] of operations(doc)) pointAtReads(operation.responses, schemas);
  return {
    responseSchema(name) {
      const found = schemas[`${name}${READ_SUFFIX}`];
      if (found === undefined) throw new Error(`no response schema ${name}`);
      return found;
    },
    mapResponseSchemas(edit) {
      for (const name of Object.keys(schemas).filter((n) => n.endsWith(READ_SUFFIX))) schemas[name] = edit(schemas[name]);
    },
    addErrorStatus(status, description) {
      for (const [, , operation] of operations(doc)) {
        const responses = operation.responses as Record<string, JsonObject>;
        const error = responses["400"];
        if (error === undefined) throw new Error("an operation without a 400 answer");
        responses[String(status)] ??= { ...structuredClone(error), description };
      }
    },
  };
}

/** Path parameters pinned to `enum`s of real ids (negative cases still vary them). */
function pinIds(doc: JsonObject, targets: FuzzTargets): void {
  for (const [, method, operation] of operations(doc)) {
    const pools = method === "delete" ? targets.delete : targets.keep;
    const values: Record<string, string[]> = {
      organizationId: [targets.organizationId],
      serviceId: [targets.serviceId],
      pipeId: pools.pipeId,
      reversePrivateEndpointId: pools.reversePrivateEndpointId,
    };
    for (const parameter of (operation.parameters ?? []) as JsonObject[]) {
      const pool = parameter.in === "path" ? values[parameter.name as string] : undefined;
      if (pool) parameter.schema = { type: "string", enum: pool };
      const examples = parameter.name === "pipeId" ? targets.examplePipes?.[method === "delete" ? "delete" : "keep"] : undefined;
      if (examples) parameter.examples = Object.fromEntries(examples.map((id, i) => [`pipe${i}`, { value: id }]));
    }
    const bodies = targets.bodyExamples?.[operation.operationId as string];
    const content = isObject(operation.requestBody) ? ((operation.requestBody.content as JsonObject)["application/json"] as JsonObject | undefined) : undefined;
    if (bodies && content) content.examples = Object.fromEntries(bodies.map((value, i) => [`example${i}`, { value }]));
  }
}

/** The fuzz stage's document, from the reference and the ids to aim at. */
export function documentedSpec(reference: JsonObject, targets: FuzzTargets, deviations: Record<string, Deviation> = DEVIATIONS): JsonObject {
  const doc = structuredClone(reference);
  const edit = editor(doc);
  for (const deviation of Object.values(deviations)) deviation.describe?.(edit);
  pinIds(doc, targets);
  return doc;
}
