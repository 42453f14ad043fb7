import type { AnyNode, AnyShape, PolicyTree } from "../schemas/field-policy";
import { policyEntries, unanswered } from "../schemas/field-policy";
import { fieldsOf } from "../schemas/variants";
import { canonical, isObj } from "./canonical";
import { valueAt, type Obj } from "../schemas/plain-object";

/**
 * One field of the outputs, read back from an API answer by its rule: a write-only field keeps
 * the carried value (the inputs, or the old outputs), as does one the answer's kind of object
 * never returns (`answeredWhen`, seen by the caller that holds the answer); an object with a policy of its own (or a
 * union's variant) keeps only the fields that policy names, secrets left out; an array with
 * declared items reads each item so; a field the answer may lack for a while keeps the carried
 * value then. Nulls and empty objects are dropped (`canonical`). Pure.
 */
export function readBack(node: AnyShape & Pick<AnyNode, "writeOnly" | "mayBeMissing">, answer: unknown, carried: unknown): unknown {
  if (node.writeOnly) return carried;
  const fields = fieldsOf(node, answer);
  if (fields) {
    const from = isObj(answer) ? answer : {};
    const before = isObj(carried) ? carried : {};
    const out: Obj = {};
    for (const [key, child] of Object.entries(fields)) {
      if (child.secret) continue;
      out[key] = unanswered(child, from) ? before[key] : readBack(child, from[child.answerKey ?? key], before[key]);
    }
    return canonical(out);
  }
  if (node.items && Array.isArray(answer)) {
    const before = Array.isArray(carried) ? carried : [];
    return canonical(answer.map((item, i) => readBack(node.items!, item, before[i]) ?? null));
  }
  const value = canonical(answer);
  return value === undefined && node.mayBeMissing ? carried : value;
}

/** The top-level fields of a policy read back from an answer; an unset field takes its `empty` form. */
export function readBackFields(tree: PolicyTree, answer: Obj, carried: Obj): Obj {
  const out: Obj = {};
  for (const [key, node] of Object.entries(tree)) {
    const kept = unanswered(node, answer);
    const value = kept ? carried[key] : readBack(node, answer[node.answerKey ?? key], carried[key]);
    out[key] = value === undefined && !kept ? node.empty : value;
  }
  return out;
}

/** The secrets an answer does return (not write-only), by secret name. */
export function readableSecrets(tree: PolicyTree, answer: unknown): Obj {
  const out: Obj = {};
  for (const { path, node } of policyEntries(tree)) {
    if (!node.secret || node.writeOnly) continue;
    // A policy path names fields, never list items: an answer's array on the way holds no secret.
    const value = valueAt(answer, path, { arrays: "stop" });
    if (typeof value === "string") out[node.secret] = value;
  }
  return out;
}

/** Fields of the server's own, copied from the answer (nulls dropped). */
export function serverFields(keys: readonly string[], answer: Obj): Obj {
  const out: Obj = {};
  for (const k of keys) out[k] = answer[k] ?? undefined;
  return out;
}
