import type { FieldChange } from "../engine/field-diff";
import { InvalidArgumentError, ResourceInitError } from "../errors/operation-errors";
import { CONNECTION_KEY } from "../schemas/connection";
import { detailedDiff, stables, type DiffKind } from "./detailed-diff";
import { importIdForms, importTarget } from "./import-id";
import { importNotice, SAID } from "./import-notice";
import { importedInputs, noCredentials, optionalCredentials, splitCredentialFailures } from "./imported-inputs";
import { locateSecrets, policyAt } from "../schemas/field-policy";
import { reportWarning } from "../progress/report";
import { tokenOf, type NativeResource } from "./resources";
import { reveal, secret, withSecrets, isSecret } from "./values";
import { bothForms, nativePath, toEngine, toNative } from "./split-fields";
import type { Obj } from "../schemas/plain-object";

/**
 * What the native provider does for each resource call, on property values as the engine sends
 * them (secrets marked): reveal, hand the plain values to the resource's engine, mark the secrets
 * again. The gRPC layer (server.ts) only converts messages. Nothing about a resource is here:
 * every answer comes from its engine.
 */

/**
 * Set in the outputs a read without prior state (an import) returns for a resource with
 * credentials the API never returns: the program's credentials are then sent by the first
 * update after the import (as `adoptId` does), not compared by the import's own diff. Since
 * pulumi/pulumi#19339 the engine imports and then updates without such a diff; CLIs before it
 * still diff the program against the read, and without the mark refuse every import of a pipe.
 */
export const CREDENTIALS_PENDING = "__credentialsPending";

/** Every value a secret holds, as JSON: what must stay secret wherever it ends up. */
function secretValues(v: unknown, into = new Set<string>(), inside = false): Set<string> {
  if (isSecret(v)) return secretValues(v.value, into, true);
  if (Array.isArray(v)) v.forEach((x) => secretValues(x, into, inside));
  else if (v !== null && typeof v === "object") Object.values(v).forEach((x) => secretValues(x, into, inside));
  else if (inside && v !== undefined && v !== null && v !== "") into.add(JSON.stringify(v));
  return into;
}

/** True when a secret value appears anywhere in `v`. */
function holds(v: unknown, values: Set<string>): boolean {
  if (values.size === 0) return false;
  if (Array.isArray(v)) return v.some((x) => holds(x, values));
  if (v !== null && typeof v === "object") return Object.values(v).some((x) => holds(x, values));
  return v !== undefined && values.has(JSON.stringify(v));
}

/**
 * Plain properties with secrets marked: the connection, the credentials and every top-level
 * secret field of the policy always (the outputs hold those as fingerprints), and every
 * top-level property holding a value that was secret in `from` (the engine's marked values).
 */
function markSecrets(r: NativeResource, props: Obj, ...from: unknown[]): Obj {
  const values = new Set<string>();
  for (const f of from) secretValues(f, values);
  const always = (k: string) => k === CONNECTION_KEY || k === r.credentials?.key || (Object.hasOwn(r.diff.fields, k) && r.diff.fields[k].secret !== undefined);
  const keys = Object.keys(props).filter((k) => always(k) || holds(props[k], values));
  return withSecrets(props, keys);
}

/** The resource's name: the URN's last segment. */
function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

interface CheckAnswer {
  inputs: Obj;
  failures: { property: string; reason: string }[];
}

export async function check(r: NativeResource, urn: string, olds: Obj, news: Obj): Promise<CheckAnswer> {
  const { [CREDENTIALS_PENDING]: pending, ...given } = reveal(news) as Obj;
  const prepared = r.prepare(toEngine(given, r.splits), nameOf(urn));
  const result = await r.engine.check(toEngine(reveal(olds) as Obj, r.splits) as never, prepared as never);
  const inputs = toNative((result.inputs ?? prepared) as Obj, r.splits);
  // A field given both ways gets its one reason; the engine's words at either name would contradict the schema.
  const both = bothForms(given, r.splits);
  const within = (property: string) => both.some((b) => b.paths.some((p) => property === p || property.startsWith(`${p}.`) || property.startsWith(`${p}[`)));
  const failures = [
    ...both.map((b) => b.failure),
    ...(result.failures ?? []).map((f) => ({ ...f, property: nativePath(f.property, given, r.splits) })).filter((f) => !within(f.property)),
  ];
  if (pending !== true) return { inputs: markSecrets(r, inputs, news), failures };
  // The inputs of an import: credentials the API never returns are the program's to add, not a failure.
  const paths = writeOnlySecretPaths(r);
  const split = splitCredentialFailures(failures, paths);
  const toAdd = [...split.credentials, ...optionalCredentials(given, paths, split.credentials, nounOf(r))];
  const notice = toAdd.length > 0 ? importNotice(SAID, tokenOf(r), nameOf(urn), toAdd) : undefined;
  if (notice !== undefined) reportWarning(notice);
  return { inputs: markSecrets(r, inputs, news), failures: split.others };
}

/** What the kind's objects are called in a warning: `pipe`, `webhook`. */
const nounOf = (r: NativeResource): string =>
  r.name
    .replace(/^Stack/, "")
    .replace(/[A-Z]/g, (c, i: number) => (i === 0 ? c : ` ${c}`))
    .toLowerCase();

/** Where the secrets the API never returns live in the inputs (`source.kafka.credentials`, ...). */
function writeOnlySecretPaths(r: NativeResource): (readonly string[])[] {
  const paths: (readonly string[])[] = [];
  for (const [, at] of Object.entries(locateSecrets(r.diff.fields))) paths.push(...at);
  return paths.filter((p) => policyAt(r.diff.fields, p)?.node.writeOnly === true);
}

interface DiffAnswer {
  changes: boolean;
  replaces: string[];
  detailedDiff: Record<string, DiffKind>;
  stables: string[];
  deleteBeforeReplace: boolean;
  diffs: string[];
}

/** Changes of credentials a read never returned, while an import compares the program with that read. */
function pendingCredentials(r: NativeResource, olds: Obj, oldInputs: Obj | undefined): (c: FieldChange) => boolean {
  const key = r.credentials?.key;
  if (!key || olds[CREDENTIALS_PENDING] !== true || (oldInputs && oldInputs[key] !== undefined)) return () => false;
  return (c) => c.path === key || c.path.startsWith(`${key}.`);
}

export async function diff(r: NativeResource, id: string, olds: Obj, news: Obj, oldInputs?: Obj): Promise<DiffAnswer> {
  const o = toEngine(reveal(olds) as Obj, r.splits);
  const n = toEngine(reveal(news) as Obj, r.splits);
  const result = await r.engine.diff(id, o as never, n as never);
  const skip = pendingCredentials(r, o, oldInputs && (reveal(oldInputs) as Obj));
  const changes = result.diffs.filter((c) => !skip(c));
  const detailed = nativeDetailedDiff(r, detailedDiff(changes, o, n), reveal(news), reveal(olds));
  const replaces = Object.entries(detailed)
    .filter(([, kind]) => kind.endsWith("Replace"))
    .map(([path]) => path);
  return {
    changes: changes.length > 0,
    replaces,
    detailedDiff: detailed,
    stables: replaces.length ? [] : stables(r.diff.fields, r.fixedOutputs),
    // Also without a replace of its own: `replaceOnChanges` may make one, and it must free the name too.
    deleteBeforeReplace: result.deleteBeforeReplace === true || (changes.length > 0 && r.collides?.(o, n) === true),
    diffs: [...new Set(changes.map((c) => c.path.split(/[.[]/)[0]))],
  };
}

/** The outputs of an engine answer in the native schema's names, secrets marked. */
function outputs(r: NativeResource, outs: unknown, ...from: unknown[]): Obj {
  return markSecrets(r, toNative({ ...((outs ?? {}) as Obj) }, r.splits), ...from);
}

/** A detailed diff's paths in the native schema's names (the new inputs say which name a value has, else the old outputs). */
function nativeDetailedDiff(r: NativeResource, detailed: Record<string, DiffKind>, news: unknown, olds: unknown): Record<string, DiffKind> {
  const named = (path: string) => {
    const byNew = nativePath(path, news, r.splits);
    return byNew !== path ? byNew : nativePath(path, olds, r.splits);
  };
  return Object.fromEntries(Object.entries(detailed).map(([path, kind]) => [named(path), kind]));
}

async function initFailures<T>(r: NativeResource, run: () => Promise<T>, ...from: unknown[]): Promise<T> {
  try {
    return await run();
  } catch (err) {
    // The same error, its outputs marked secret as the answer's would be: the engine records them.
    if (err instanceof ResourceInitError) throw new ResourceInitError(err.message, err.id, outputs(r, err.properties, ...from), err.reasons);
    throw err;
  }
}

export async function create(r: NativeResource, inputs: Obj): Promise<{ id: string; properties: Obj }> {
  const result = await initFailures(r, () => r.engine.create(toEngine(reveal(inputs) as Obj, r.splits) as never), inputs);
  return { id: result.id, properties: outputs(r, result.outs, inputs) };
}

export async function update(r: NativeResource, id: string, olds: Obj, news: Obj): Promise<Obj> {
  const result = await initFailures(
    r,
    () => r.engine.update(id, toEngine(reveal(olds) as Obj, r.splits) as never, toEngine(reveal(news) as Obj, r.splits) as never),
    news,
  );
  return outputs(r, result.outs, news);
}

export async function remove(r: NativeResource, id: string, props: Obj): Promise<void> {
  await r.engine.delete(id, toEngine(reveal(props) as Obj, r.splits) as never);
}

interface ReadAnswer {
  id: string;
  properties: Obj;
  /** Only for a read without prior state (an import): the inputs a program would write. */
  inputs?: Obj;
}

/**
 * The live object. With prior state (a refresh) the engine reads with it; without (an import)
 * it reads by id alone, and the answer carries inputs made from the outputs (the server's own
 * outputs left out) and, for a resource with credentials, the pending mark.
 */
export async function read(r: NativeResource, id: string, props: Obj): Promise<ReadAnswer> {
  const plain = toEngine(reveal(props) as Obj, r.splits);
  const importing = Object.keys(plain).length === 0;
  if (importing) return imported(r, id);
  const result = await r.engine.read(id, plain as never);
  if (!result.id) return { id: "", properties: {} };
  const outs = { ...((result.props ?? {}) as Obj) };
  const pending = r.credentials && outs[r.credentials.key] === undefined && plain[CREDENTIALS_PENDING] === true;
  if (pending) outs[CREDENTIALS_PENDING] = true;
  return { id: result.id, properties: outputs(r, outs, props) };
}

/**
 * A read without prior state: `pulumi import` (or the `import` option). The id may pin the
 * service (see `import-id.ts`); an object not found is an error naming the id forms, since the
 * engine's own words for an empty answer blame the plugin.
 */
async function imported(r: NativeResource, id: string): Promise<ReadAnswer> {
  const scoped = "organizationId" in r.spec.shape && "serviceId" in r.spec.shape;
  const target = importTarget(tokenOf(r), r.name, scoped, id);
  const pinned = Object.keys(target.pins).length > 0;
  const result = await r.engine.read(target.id, (pinned ? target.pins : undefined) as never);
  if (!result.id) {
    const where = pinned
      ? `in ${Object.entries(target.pins)
          .map(([k, v]) => `${k} ${String(v)}`)
          .join(", ")}`
      : "where the provider's settings point";
    throw new InvalidArgumentError(
      `cannot import ${tokenOf(r)} ${JSON.stringify(id)}: no object ${JSON.stringify(target.id)} was found ${where}; the id forms \`pulumi import\` takes: ${importIdForms(r.name, scoped)}`,
    );
  }
  const outs = { ...((result.props ?? {}) as Obj) };
  const inputs = toNative(importedInputs(r.spec, outs, [CONNECTION_KEY]), r.splits);
  if (r.credentials && outs[r.credentials.key] === undefined) outs[CREDENTIALS_PENDING] = true;
  // Not in the schema, so not in the program `pulumi import` writes: tells the import's own check
  // that the credentials are the program's to add.
  if (r.credentials ? noCredentials(outs[r.credentials.key]) : writeOnlySecretPaths(r).some((p) => p.length === 1 && outs[p[0]] === undefined))
    inputs[CREDENTIALS_PENDING] = true;
  return { id: result.id, properties: outputs(r, outs), inputs: markSecrets(r, inputs) };
}

export { secret };
